import fp from 'fastify-plugin';
import type { RedisConnections } from './redis';

export type BusHandler = (payload: unknown) => void;

/**
 * Events every instance must hear (a revoked session, a message for a user connected elsewhere).
 * In-process by default; Redis pub/sub when REDIS_URL is set, so N instances behave as one
 * (architecture.md, scale-out). Payloads are JSON: both modes hand handlers a JSON copy.
 */
export type Bus = {
  /** Delivers to every subscriber of `topic` on every instance (this one included). Never throws. */
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe: (topic: string, handler: BusHandler) => () => void;
  /** Resolves once every subscription made so far is live (Redis confirms them asynchronously). */
  whenSubscribed: () => Promise<void>;
  close: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

type Logger = { error: (object: unknown, message: string) => void };

const jsonCopy = (payload: unknown): unknown => JSON.parse(JSON.stringify(payload ?? null));

const createHandlerRegistry = (log: Logger) => {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    handlers,
    add: (topic: string, handler: BusHandler) => {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
      return set.size === 1;
    },
    remove: (topic: string, handler: BusHandler) => {
      const set = handlers.get(topic);
      set?.delete(handler);
      if (set?.size === 0) handlers.delete(topic);
      return !handlers.has(topic);
    },
    dispatch: (topic: string, payload: unknown) => {
      for (const handler of handlers.get(topic) ?? []) {
        try {
          handler(jsonCopy(payload));
        } catch (error) {
          log.error({ err: error, topic }, 'bus handler failed');
        }
      }
    },
  };
};

export const createMemoryBus = (log: Logger): Bus => {
  const registry = createHandlerRegistry(log);
  return {
    publish: (topic, payload) => {
      // Asynchronous like the Redis mode: a publisher never runs subscribers on its own stack.
      const copy = jsonCopy(payload);
      queueMicrotask(() => registry.dispatch(topic, copy));
      return Promise.resolve();
    },
    subscribe: (topic, handler) => {
      registry.add(topic, handler);
      return () => {
        registry.remove(topic, handler);
      };
    },
    whenSubscribed: () => Promise.resolve(),
    close: () => {
      registry.handlers.clear();
      return Promise.resolve();
    },
  };
};

export const createRedisBus = (
  { command, subscriber, prefix }: RedisConnections,
  log: Logger,
): Bus => {
  const registry = createHandlerRegistry(log);
  const channelPrefix = `${prefix}bus:`;
  const pending = new Set<Promise<unknown>>();
  subscriber.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (error) {
      log.error({ err: error, channel }, 'bus message is not JSON');
      return;
    }
    registry.dispatch(channel.slice(channelPrefix.length), payload);
  });
  return {
    publish: async (topic, payload) => {
      try {
        await command.publish(channelPrefix + topic, JSON.stringify(payload ?? null));
      } catch (error) {
        log.error({ err: error, topic }, 'bus publish failed');
      }
    },
    subscribe: (topic, handler) => {
      if (registry.add(topic, handler)) {
        const subscribing = subscriber
          .subscribe(channelPrefix + topic)
          .catch((error: unknown) => {
            log.error({ err: error, topic }, 'bus subscribe failed');
          })
          .finally(() => pending.delete(subscribing));
        pending.add(subscribing);
      }
      return () => {
        if (registry.remove(topic, handler)) {
          subscriber.unsubscribe(channelPrefix + topic).catch(() => undefined);
        }
      };
    },
    whenSubscribed: async () => {
      await Promise.all([...pending]);
    },
    close: () => {
      registry.handlers.clear();
      return Promise.resolve();
    },
  };
};

export const busPlugin = fp(
  (app, _options, done) => {
    const bus = app.redis ? createRedisBus(app.redis, app.log) : createMemoryBus(app.log);
    app.decorate('bus', bus);
    app.addHook('onClose', () => bus.close());
    done();
  },
  { name: 'bus', dependencies: ['redis'] },
);
