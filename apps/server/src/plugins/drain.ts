import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once `drain` began: `/readyz` answers 503 (modules/health). */
    isDraining: () => boolean;
    /**
     * The drain phase before `close()` (decision 101): for up to `ms`, or until no connection is
     * open, the server still answers everything, but `/readyz` says 503 so a load balancer stops
     * sending, and every answer carries `Connection: close` so a keep-alive client opens a new
     * connection (to another instance) for its next request instead of sending it on one this
     * instance is about to close.
     */
    drain: (ms: number) => Promise<void>;
  }
}

const POLL_MS = 100;

export const drainPlugin = fp(
  (app, _options, done) => {
    let isDraining = false;
    app.decorate('isDraining', () => isDraining);
    app.addHook('onRequest', (_request, reply, next) => {
      if (isDraining) reply.header('connection', 'close');
      next();
    });

    const openConnections = () =>
      new Promise<number>((resolve) => {
        if (!app.server.listening) {
          resolve(0);
          return;
        }
        app.server.getConnections((error, count) => resolve(error ? 0 : count));
      });

    app.decorate('drain', async (ms: number) => {
      isDraining = true;
      const until = Date.now() + ms;
      while (Date.now() < until && (await openConnections()) > 0) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, until - Date.now())));
      }
    });
    done();
  },
  { name: 'drain' },
);
