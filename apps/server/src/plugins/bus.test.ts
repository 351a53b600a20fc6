import { setTimeout as delay } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, createRedisBus, type Bus } from './bus';
import { closeRedis, connectRedis, type RedisConnections } from './redis';

const silent = { error: () => undefined };

const collect = (bus: Bus, topic: string) => {
  const received: unknown[] = [];
  const unsubscribe = bus.subscribe(topic, (payload) => received.push(payload));
  return { received, unsubscribe };
};

const waitFor = async (check: () => boolean, timeoutMs = 2000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await delay(10);
  }
};

describe('in-process bus', () => {
  it('delivers a JSON copy to every subscriber of the topic, asynchronously', async () => {
    const bus = createMemoryBus(silent);
    const a = collect(bus, 'topic');
    const b = collect(bus, 'topic');
    const other = collect(bus, 'other');
    const payload = { userIds: [1, 2], at: new Date('2026-01-01T00:00:00Z') };
    const publishing = bus.publish('topic', payload);
    // Not on the publisher's stack.
    expect(a.received).toEqual([]);
    await publishing;
    await waitFor(() => a.received.length === 1 && b.received.length === 1);
    expect(a.received[0]).toEqual({ userIds: [1, 2], at: '2026-01-01T00:00:00.000Z' });
    expect(other.received).toEqual([]);
    a.unsubscribe();
    await bus.publish('topic', { n: 2 });
    await waitFor(() => b.received.length === 2);
    expect(a.received).toHaveLength(1);
  });

  it('a throwing subscriber does not stop the others', async () => {
    const errors: unknown[] = [];
    const bus = createMemoryBus({ error: (object) => errors.push(object) });
    bus.subscribe('t', () => {
      throw new Error('bad handler');
    });
    const good = collect(bus, 't');
    await bus.publish('t', 1);
    await waitFor(() => good.received.length === 1);
    expect(errors).toHaveLength(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Runs when TEST_REDIS_URL is set (CI starts Redis): two instances sharing one Redis. */
describe.skipIf(!redisUrl)('Redis bus across instances', () => {
  const prefix = `um:test:${randomBytes(5).toString('hex')}:`;
  const connections: RedisConnections[] = [];
  const open = (keyPrefix = prefix) => {
    const redis = connectRedis(redisUrl!, keyPrefix, () => undefined);
    connections.push(redis);
    return createRedisBus(redis, silent);
  };
  let first: Bus;
  let second: Bus;
  beforeAll(() => {
    first = open();
    second = open();
  });
  afterAll(async () => {
    await Promise.all(connections.map((redis) => closeRedis(redis)));
  });

  it('an event published on one instance reaches subscribers on both', async () => {
    const onFirst = collect(first, 'sessions.revoked');
    const onSecond = collect(second, 'sessions.revoked');
    await Promise.all([first.whenSubscribed(), second.whenSubscribed()]);
    await first.publish('sessions.revoked', { userIds: [42] });
    await waitFor(() => onFirst.received.length === 1 && onSecond.received.length === 1);
    expect(onSecond.received[0]).toEqual({ userIds: [42] });
  });

  it('a different prefix (another deployment or test run) hears nothing', async () => {
    const stranger = open(`um:test:${randomBytes(5).toString('hex')}:`);
    const heard = collect(stranger, 'sessions.revoked');
    const control = collect(second, 'sessions.revoked');
    await Promise.all([stranger.whenSubscribed(), second.whenSubscribed()]);
    await first.publish('sessions.revoked', { userIds: [7] });
    await waitFor(() => control.received.length === 1);
    await delay(50);
    expect(heard.received).toEqual([]);
  });
});
