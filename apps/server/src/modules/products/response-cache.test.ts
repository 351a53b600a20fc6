import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache';

describe('response cache', () => {
  it('answers from memory until the TTL passes', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createResponseCache<number>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    const load = () => Promise.resolve(++loads);
    expect(await cache.load('a', load)).toBe(1);
    expect(await cache.load('a', load)).toBe(1);
    clock = 100;
    expect(await cache.load('a', load)).toBe(2);
  });

  it('forgets everything when cleared, and never stores an answer begun before a clear', async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await cache.load('a', () => Promise.resolve('old'));
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    let finish: (value: string) => void = () => undefined;
    const slow = cache.load('b', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear(); // a product changed while the query ran
    finish('stale');
    expect(await slow).toBe('stale');
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.load(key, () => Promise.resolve(key));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('b');
    expect(cache.get('c')).toBe('c');
  });
});
