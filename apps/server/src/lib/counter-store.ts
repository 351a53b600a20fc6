import type { Redis } from 'ioredis';
import { createCache } from './cache';

/**
 * Fixed-window counters for per-account limits (failed logins, resends). Memory by default; Redis
 * when REDIS_URL is set so every instance sees the same counts (architecture.md, scale-out).
 */
export type CounterStore = {
  /** Adds one and returns the count in the current window and the ms until it resets. */
  increment: (key: string, windowMs: number) => Promise<{ count: number; resetInMs: number }>;
  peek: (key: string) => Promise<{ count: number; resetInMs: number }>;
  reset: (key: string) => Promise<void>;
  close: () => Promise<void>;
};

/** Keys an instance without Redis counts at once (≈ 100 bytes each); the least recent go first. */
const MEMORY_COUNTER_KEYS = 100_000;

/**
 * One instance's counters (lib/cache.ts): each window is an entry that lives as long as the
 * window, and the number of keys is bounded, so addresses or accounts that come once do not
 * pile up (past the bound the longest unused counter is dropped, as @fastify/rate-limit's own
 * memory store does).
 */
export const createMemoryCounterStore = (
  now: () => number = Date.now,
  maxKeys = MEMORY_COUNTER_KEYS,
): CounterStore => {
  const entries = createCache<{ count: number; resetAt: number }>({
    ttlMs: 60 * 60_000,
    maxEntries: maxKeys,
    now,
  });
  const live = (key: string) => {
    const entry = entries.get(key);
    return entry && entry.resetAt > now() ? entry : undefined;
  };
  return {
    increment: (key, windowMs) => {
      let entry = live(key);
      if (!entry) {
        entry = { count: 0, resetAt: now() + windowMs };
        entries.set(key, entry, windowMs);
      }
      entry.count += 1;
      return Promise.resolve({ count: entry.count, resetInMs: entry.resetAt - now() });
    },
    peek: (key) => {
      const entry = live(key);
      return Promise.resolve({
        count: entry?.count ?? 0,
        resetInMs: entry ? entry.resetAt - now() : 0,
      });
    },
    reset: (key) => {
      entries.delete([key]);
      return Promise.resolve();
    },
    close: () => {
      entries.clear();
      return Promise.resolve();
    },
  };
};

export const createRedisCounterStore = (
  redis: Redis,
  prefix = 'um:counter:',
  onError: (error: unknown) => void = () => undefined,
): CounterStore => {
  // Fail open: when Redis is down nobody is limited, rather than everybody being refused.
  const safely = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      onError(error);
      return fallback;
    }
  };
  return {
    increment: (key, windowMs) =>
      safely(
        async () => {
          const fullKey = prefix + key;
          // SET NX PX starts the window once (works on any Redis >= 2.6.12), INCR counts in it.
          const result = await redis
            .multi()
            .set(fullKey, '0', 'PX', windowMs, 'NX')
            .incr(fullKey)
            .pttl(fullKey)
            .exec();
          const count = Number(result?.[1]?.[1] ?? 1);
          const ttl = Number(result?.[2]?.[1] ?? windowMs);
          return { count, resetInMs: ttl > 0 ? ttl : windowMs };
        },
        { count: 0, resetInMs: 0 },
      ),
    peek: (key) =>
      safely(
        async () => {
          const fullKey = prefix + key;
          const [value, ttl] = await Promise.all([redis.get(fullKey), redis.pttl(fullKey)]);
          return { count: Number(value ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
        },
        { count: 0, resetInMs: 0 },
      ),
    reset: (key) =>
      safely(async () => {
        await redis.del(prefix + key);
      }, undefined),
    close: () => Promise.resolve(),
  };
};
