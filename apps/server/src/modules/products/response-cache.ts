/**
 * A small in-process cache of public product answers (lists, location suggestions), so the busy
 * anonymous pages do not query the database on every request.
 *
 * Correctness comes from invalidation, not from the TTL: every product change clears it after
 * commit on this instance and, through the bus, on every other one. The TTL only bounds what no
 * event announces (a seller renaming their account). A query that started before a change may
 * not store its (old) answer afterwards: `generation` tells.
 *
 * Requests that miss the same key while its query runs wait for that query instead of each
 * running their own (when a busy page expires, fifty waiting clients made fifty queries). A
 * request that arrives after a change starts a new query: it never joins one begun before.
 */
export type ResponseCache<T> = {
  get: (key: string) => T | undefined;
  /**
   * Runs `load` on a miss (or joins the one under way for the key) and stores its answer unless
   * the cache was cleared meanwhile.
   */
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
  /** Loads under way, by key; forgotten when they end or when a change makes them stale. */
  const pending = new Map<string, Promise<T>>();
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
    load: (key, load) => {
      const cached = get(key);
      if (cached !== undefined) return Promise.resolve(cached);
      const running = pending.get(key);
      if (running) return running;
      const startedIn = generation;
      const loading = (async () => {
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
      })();
      pending.set(key, loading);
      const forget = () => {
        if (pending.get(key) === loading) pending.delete(key);
      };
      // Its callers see the answer or the failure; this only ends the wait.
      loading.then(forget, forget);
      return loading;
    },
    clear: () => {
      generation += 1;
      entries.clear();
      pending.clear();
    },
    delete: (keys) => {
      generation += 1;
      for (const key of keys) {
        entries.delete(key);
        pending.delete(key);
      }
    },
  };
};
