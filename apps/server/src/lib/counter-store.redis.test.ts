import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestContext } from '../test/helpers';
import { createRedisCounterStore } from './counter-store';

const redisUrl = process.env.TEST_REDIS_URL;

/** Runs when TEST_REDIS_URL is set (CI starts Redis): the scale-out rate-limit store. */
describe.skipIf(!redisUrl)('Redis-backed limits', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('counts per key within a window', async () => {
    const store = createRedisCounterStore(redis, `um:test:${randomBytes(4).toString('hex')}:`);
    expect((await store.increment('k', 10_000)).count).toBe(1);
    const second = await store.increment('k', 10_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect((await store.peek('k')).count).toBe(2);
    await store.reset('k');
    expect((await store.peek('k')).count).toBe(0);
  });

  describe('an app with REDIS_URL', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({
        config: { redisUrl },
        rateLimits: { loginPerIp: { max: 2, windowMs: 60_000 } },
      });
    });
    afterAll(() => ctx.close());

    it('answers 429 with Retry-After from the shared store', async () => {
      const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: address,
          payload: { email: uniqueEmail(), password: 'x' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(codes).toEqual([400, 400, 429]);
    });
  });
});
