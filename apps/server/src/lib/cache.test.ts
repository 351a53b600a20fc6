import { describe, expect, it } from 'vitest';
import { createCache } from './cache';

describe('cache', () => {
  it('answers from memory until the TTL passes', async () => {
    let clock = 1_000;
    let loads = 0;
    const cache = createCache<number>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    const load = () => Promise.resolve(++loads);
    expect(await cache.load('a', load)).toBe(1);
    expect(await cache.load('a', load)).toBe(1);
    clock = 1_101;
    expect(await cache.load('a', load)).toBe(2);
  });

  it('keeps the sum of the entries’ sizes under maxSize, least recently used out first', async () => {
    const cache = createCache<string>({
      ttlMs: 1000,
      maxEntries: 100,
      maxSize: { total: 10, sizeOf: (value) => value.length },
    });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa'); // now b is the least recently used
    cache.set('c', 'cccc');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['aaaa', undefined, 'cccc']);
    // Larger than the whole bound: answered, not kept.
    expect(await cache.load('big', () => Promise.resolve('x'.repeat(11)))).toHaveLength(11);
    expect(cache.get('big')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
  });

  it('keeps an entry stored with its own time to live for that long', () => {
    let clock = 1_000;
    const cache = createCache<string>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    cache.set('short', 'a', 10);
    cache.set('long', 'b', 1_000);
    cache.set('default', 'c');
    clock = 1_050;
    expect([cache.get('short'), cache.get('long'), cache.get('default')]).toEqual([
      undefined,
      'b',
      'c',
    ]);
    clock = 1_200;
    expect([cache.get('long'), cache.get('default')]).toEqual(['b', undefined]);
  });

  it('forgets everything when cleared, and never stores an answer begun before a clear', async () => {
    const cache = createCache<string>({ ttlMs: 1000, maxEntries: 10 });
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
    const cache = createCache<string>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.load(key, () => Promise.resolve(key));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('b');
    expect(cache.get('c')).toBe('c');
  });

  it('runs one query for the requests that miss the same key at once, and shares its failure', async () => {
    const cache = createCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    let finish: (value: string) => void = () => undefined;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const waiting = Array.from({ length: 5 }, () => cache.load('page', load));
    expect(loads).toBe(1);
    finish('answer');
    expect(await Promise.all(waiting)).toEqual(Array(5).fill('answer'));
    expect(cache.get('page')).toBe('answer');

    let fail: (error: Error) => void = () => undefined;
    const failing = () => {
      loads += 1;
      return new Promise<string>((_resolve, reject) => (fail = reject));
    };
    const both = [cache.load('broken', failing), cache.load('broken', failing)];
    fail(new Error('database down'));
    for (const result of await Promise.allSettled(both)) {
      expect(result.status).toBe('rejected');
    }
    expect(loads).toBe(2);
    // A failure is not kept: the next request tries again.
    expect(await cache.load('broken', () => Promise.resolve('back'))).toBe('back');
  });

  it('never hands a request that came after a change the query begun before it', async () => {
    const cache = createCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let finishOld: (value: string) => void = () => undefined;
    const before = cache.load(
      'page',
      () => new Promise<string>((resolve) => (finishOld = resolve)),
    );
    cache.clear(); // a product changed while the first query ran
    const after = cache.load('page', () => Promise.resolve('new'));
    finishOld('old');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(cache.get('page')).toBe('new');

    let finishDeleted: (value: string) => void = () => undefined;
    const early = cache.load(
      'x',
      () => new Promise<string>((resolve) => (finishDeleted = resolve)),
    );
    cache.delete(['x']);
    const late = cache.load('x', () => Promise.resolve('fresh'));
    finishDeleted('stale');
    expect(await early).toBe('stale');
    expect(await late).toBe('fresh');
    expect(cache.get('x')).toBe('fresh');
  });
});
