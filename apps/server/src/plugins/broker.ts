import fp from 'fastify-plugin';

/** One message for one user's subscription (e.g. `/user/queue/notifications`). */
export type UserDelivery = { userId: number; destination: string; body: unknown };

/**
 * Real-time delivery to users (issue 10): `publishToUser` reaches the user's connections on any
 * instance (through the bus: in-process, or Redis pub/sub when REDIS_URL is set). The WebSocket
 * layer registers with `onDelivery` and writes to the sockets it holds for that user.
 */
export type Broker = {
  publishToUser: (userId: number, destination: string, body: unknown) => Promise<void>;
  onDelivery: (handler: (delivery: UserDelivery) => void) => () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    broker: Broker;
  }
}

export const USER_DELIVERY_TOPIC = 'user.delivery';

const isUserDelivery = (value: unknown): value is UserDelivery =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UserDelivery).userId === 'number' &&
  typeof (value as UserDelivery).destination === 'string';

export const brokerPlugin = fp(
  (app, _options, done) => {
    const broker: Broker = {
      publishToUser: (userId, destination, body) =>
        app.bus.publish(USER_DELIVERY_TOPIC, { userId, destination, body } satisfies UserDelivery),
      onDelivery: (handler) =>
        app.bus.subscribe(USER_DELIVERY_TOPIC, (payload) => {
          if (isUserDelivery(payload)) handler(payload);
        }),
    };
    app.decorate('broker', broker);
    done();
  },
  { name: 'broker', dependencies: ['bus'] },
);
