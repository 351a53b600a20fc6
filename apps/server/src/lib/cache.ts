import { LRUCache } from 'lru-cache';

/**
 * The server's one in-process cache (conventions: "one module in lib/ on lru-cache"): public
 * product answers, session users, the categories, checked tokens, the per-account counters of
 * an instance without Redis. `lru-cache` keeps the entries (size bound,
 * least recently used out first, time to live); this module adds what every user of it needs on
 * top:
 *
 * - **One load per key at a time**: requests that miss the same key while its load runs wait for
 *   that load instead of each running their own (when a busy page expires, fifty waiting clients
 *   made fifty queries).
 * - **Invalidation wins over loads in flight**: correctness comes from invalidation (callers
 *   clear or delete on the bus's change events), not from the TTL. A load begun before a
 *   `clear`/`delete` still answers its own callers but is not stored, and a request that arrives
 *   after the change starts a new load: it never joins one begun before. (lru-cache's own
 *   `fetch` rejects the callers of an aborted load instead, which is why loads are tracked here.)
 * - Hit and miss counts: per cache (`stats`), and per `name` for the whole process
 *   (`cacheStatsByName`), which `/metrics` reads when it is scraped (plugins/metrics.ts).
 *
 * Values are boxed, so `null` (e.g. "no such user") can be cached as an answer.
 */
export type Cache<T> = {
  get: (key: string) => T | undefined;
  /** Runs `load` on a miss (or joins the one under way for the key) and stores its answer unless
   * the key was cleared or deleted meanwhile. A failed load is not stored. */
  load: (key: string, load: () => Promise<T>) => Promise<T>;
  /** Stores an answer made elsewhere; `ttlMs` overrides the cache's time to live for it. */
  set: (key: string, value: T, ttlMs?: number) => void;
  clear: () => void;
  /** Forgets some keys; no load under way when this runs stores its (possibly old) answer. */
  delete: (keys: readonly string[]) => void;
  readonly size: number;
  readonly stats: { hits: number; misses: number };
};

export type CacheOptions<T> = {
  /** Counts this cache's hits and misses under this name in `/metrics` (`cache` label). */
  name?: string;
  ttlMs: number;
  maxEntries: number;
  /**
   * A bound on the sum of `sizeOf` over the entries (bytes, say) when entries differ much in
   * size; the least recently used go first. An entry larger than the bound is not kept.
   */
  maxSize?: { total: number; sizeOf: (value: T) => number };
  /** A clock in milliseconds (tests move it); `performance.now` by default. */
  now?: () => number;
};

export type CacheStats = { hits: number; misses: number };

/**
 * Hits and misses of every named cache since the process started, by name (several caches may
 * share a name, e.g. one per app in tests; their counts add up). Plain numbers, so the request
 * path pays an addition; the metrics plugin reads them only when scraped.
 */
const statsByName = new Map<string, CacheStats>();
export const cacheStatsByName = (): ReadonlyMap<string, Readonly<CacheStats>> => statsByName;

export const createCache = <T>(options: CacheOptions<T>): Cache<T> => {
  const { maxSize } = options;
  const entries = new LRUCache<string, { value: T }>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ...(maxSize
      ? {
          maxSize: maxSize.total,
          // lru-cache wants a positive integer.
          sizeCalculation: ({ value }) => Math.max(1, Math.ceil(maxSize.sizeOf(value))),
        }
      : {}),
    // A clock of the caller's is read on every check (lru-cache otherwise reuses a reading for 1 ms).
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  /** Loads under way, by key; forgotten when they end or when a change makes them stale. */
  const pending = new Map<string, Promise<T>>();
  let generation = 0;
  const stats: CacheStats = { hits: 0, misses: 0 };
  let named: CacheStats | undefined;
  if (options.name !== undefined) {
    named = statsByName.get(options.name) ?? { hits: 0, misses: 0 };
    statsByName.set(options.name, named);
  }
  const hit = () => {
    stats.hits += 1;
    if (named) named.hits += 1;
  };

  const get = (key: string) => entries.get(key)?.value;

  return {
    get,
    load: (key, load) => {
      const cached = entries.get(key);
      if (cached) {
        hit();
        return Promise.resolve(cached.value);
      }
      const running = pending.get(key);
      if (running) {
        hit();
        return running;
      }
      stats.misses += 1;
      if (named) named.misses += 1;
      const startedIn = generation;
      const loading = (async () => {
        const value = await load();
        if (startedIn === generation) entries.set(key, { value });
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
    set: (key, value, ttlMs) => {
      entries.set(key, { value }, ttlMs === undefined ? undefined : { ttl: ttlMs });
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
    get size() {
      return entries.size;
    },
    stats,
  };
};
