/**
 * A small in-process cache of public product answers (lists, location suggestions), so the busy
 * anonymous pages do not query the database on every request.
 *
 * Correctness comes from invalidation, not from the TTL: every product change clears it after
 * commit on this instance and, through the bus, on every other one. The TTL only bounds what no
 * event announces (a seller renaming their account). A query that started before a change may
 * not store its (old) answer afterwards: `generation` tells.
 */
export type ResponseCache<T> = {
  get: (key: string) => T | undefined;
  /** Runs `load` on a miss and stores its answer unless the cache was cleared meanwhile. */
  load: (key: string, load: () => Promise<T>) => Promise<T>;
  clear: () => void;
  /** Forgets some keys; no load under way when this runs stores its (possibly old) answer. */
  delete: (keys: readonly string[]) => void;
};

export const createResponseCache = <T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): ResponseCache<T> => {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { value: T; expiresAt: number }>();
  let generation = 0;

  const get = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.value;
  };

  return {
    get,
    load: async (key, load) => {
      const cached = get(key);
      if (cached !== undefined) return cached;
      const startedIn = generation;
      const value = await load();
      if (startedIn === generation) {
        // Oldest first in a Map: drop the oldest entry when full.
        if (entries.size >= options.maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, { value, expiresAt: now() + options.ttlMs });
      }
      return value;
    },
    clear: () => {
      generation += 1;
      entries.clear();
    },
    delete: (keys) => {
      generation += 1;
      for (const key of keys) entries.delete(key);
    },
  };
};
