import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';
import { setAfterCommitLogger } from '../db/tx';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Exposes the database; closes it on shutdown only when the app opened it. */
export const dbPlugin = fp<{ handle: DatabaseHandle; closeOnShutdown: boolean }>(
  (app, { handle, closeOnShutdown }, done) => {
    app.decorate('db', handle.db);
    app.decorate('database', handle);
    setAfterCommitLogger(handle.db, app.log);
    if (closeOnShutdown) app.addHook('onClose', () => handle.close());
    done();
  },
  { name: 'db' },
);
