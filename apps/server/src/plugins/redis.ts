import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/env';

export type RedisConnections = {
  /** Commands (rate limits, counters, PUBLISH). */
  command: Redis;
  /** Pub/sub subscriptions need a connection of their own; it connects on first use. */
  subscriber: Redis;
  /** Every key and channel starts with this (REDIS_PREFIX). */
  prefix: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when REDIS_URL is set; the only place Redis connections are opened. */
    redis: RedisConnections | null;
  }
}

/** Opens the two connections a process needs; the caller closes them with `closeRedis`. */
export const connectRedis = (
  url: string,
  prefix: string,
  onError: (error: unknown) => void,
): RedisConnections => {
  const command = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  command.on('error', onError);
  subscriber.on('error', onError);
  return { command, subscriber, prefix };
};

export const closeRedis = async ({ command, subscriber }: RedisConnections) => {
  for (const connection of [command, subscriber]) {
    if (connection.status === 'wait' || connection.status === 'end') {
      connection.disconnect();
    } else {
      await connection.quit().catch(() => connection.disconnect());
    }
  }
};

/** One plugin owns the Redis connections (issue 10); rate limits and the bus use them. */
export const redisPlugin = fp<{ config: AppConfig }>(
  (app, { config }, done) => {
    const connections = config.redisUrl
      ? connectRedis(config.redisUrl, config.redisPrefix, (error) =>
          app.log.warn({ err: error }, 'redis error'),
        )
      : null;
    app.decorate('redis', connections);
    if (connections) app.addHook('onClose', () => closeRedis(connections));
    done();
  },
  { name: 'redis' },
);
