import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * What services may use (conventions.md): plain values handed over explicitly, never the Fastify
 * instance. A service types its parameter as `Pick<AppDeps, ...>` with only what it needs, so a
 * test can call it with a fake clock, storage or notifier.
 */
export type AppDeps = Pick<
  FastifyInstance,
  | 'db'
  | 'config'
  | 'passwords'
  | 'tokens'
  | 'counters'
  | 'rateLimits'
  | 'mailer'
  | 'storage'
  | 'bus'
  | 'broker'
  | 'notifier'
> & {
  /** The only clock services read. */
  now: () => Date;
  log: FastifyBaseLogger;
};

/** Built once per route plugin, after every cross-cutting plugin is registered. */
export const depsOf = (app: FastifyInstance): AppDeps => ({
  db: app.db,
  config: app.config,
  passwords: app.passwords,
  tokens: app.tokens,
  counters: app.counters,
  rateLimits: app.rateLimits,
  mailer: app.mailer,
  storage: app.storage,
  bus: app.bus,
  broker: app.broker,
  notifier: app.notifier,
  now: app.now,
  log: app.log,
});
