import { createHash, timingSafeEqual } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config/env';
import { queryRows } from '../db/rows';
import { cacheStatsByName } from '../lib/cache';
import type { WorkQueue } from '../lib/work-queue';
import { errorBody } from './errors';
import { STORAGE_SWEEP_CHANNEL, type StorageSweepReport } from './storage/events';

/**
 * Prometheus metrics (decision 059) through prom-client's public API, one registry per app.
 *
 * - Off unless METRICS_TOKEN or METRICS_PORT is set: then nothing here runs and `/metrics` is the
 *   app's 404. With METRICS_PORT it is served on that port only (bind it to a private network);
 *   with METRICS_TOKEN a scrape needs `Authorization: Bearer <token>`, on either port.
 * - The request path pays one counter and one histogram observation per answer, labelled with
 *   the route's pattern (`/api/products/:id`, never the raw URL: the label values stay few) and
 *   the status. Everything else is read when Prometheus scrapes (`collect` callbacks) from plain
 *   numbers the parts keep anyway: caches, STOMP sessions and deliveries, mail worker, notifier,
 *   image queue, database pool, and the mail outbox (one small query per scrape); the photo sweep's
 *   reports arrive on its diagnostics channel.
 * - Per instance: with several instances, Prometheus scrapes each one; counters and histograms
 *   add up across instances (`sum by (...)`), while the outbox gauges read the shared database,
 *   so every instance reports the same value (take `max`), docs/operations.md.
 */
export type MetricsSources = {
  /** The process's image queue (the products module's, handed over by app.ts: layering). */
  imageWork?: () => WorkQueue;
};

export type MetricsServer = {
  registry: Registry;
  /** The separate metrics listener's address once the app listens (METRICS_PORT), else null. */
  address: () => AddressInfo | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Only when metrics are on. */
    metrics?: MetricsServer;
  }
}

export const METRICS_PATH = '/metrics';
const METRICS_AUTH_MESSAGE = 'Se necesita el token de métricas (Authorization: Bearer …).';

/** Seconds; from a cached API answer (~1 ms) to a slow photo upload. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const IMAGE_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Compared as digests: the time taken does not depend on where a wrong token differs. */
const digest = (value: string) => createHash('sha256').update(value).digest();
const tokenChecker = (token: string | undefined) => {
  if (!token) return () => true;
  const expected = digest(`Bearer ${token}`);
  return (authorization: string | undefined) =>
    authorization !== undefined && timingSafeEqual(digest(authorization), expected);
};

/** A counter whose total is kept elsewhere (a plain number): read into the registry when scraped. */
const readCounter = <L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Iterable<[Partial<Record<L, string>>, number]>,
) =>
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });

const readGauge = <L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () =>
    | Iterable<[Partial<Record<L, string>>, number]>
    | Promise<Iterable<[Partial<Record<L, string>>, number]>>,
) =>
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [labels, value] of await read()) this.set(labels, value);
    },
  });

type OutboxCounts = { pending: number; retrying: number; failed: number; oldest_age: number };

/** The mail outbox as the database holds it (shared by every instance). */
const readOutbox = async (app: FastifyInstance, log: FastifyBaseLogger) => {
  try {
    const now = app.now();
    const [row] = await queryRows<OutboxCounts>(
      app.db,
      sql`select
        count(*) filter (where failed_at is null)::int as pending,
        count(*) filter (where failed_at is null and last_error is not null)::int as retrying,
        count(*) filter (where failed_at is not null)::int as failed,
        coalesce(extract(epoch from (${now}::timestamptz - min(created_at) filter (where failed_at is null))), 0)::float8 as oldest_age
      from mail_outbox`,
    );
    return row;
  } catch (error) {
    // A scrape still answers (the process's own figures) when the database does not.
    log.warn({ err: error }, 'metrics: mail outbox not readable');
    return undefined;
  }
};

/** The request path's two metrics; added when the plugin registers, before any route. */
const registerHttpMetrics = (app: FastifyInstance, registry: Registry) => {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern the router matched; a request no route matched gets one shared value.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
};

/** Everything read when scraped; made once the app is ready, so every part is there to read. */
const registerReadMetrics = (
  app: FastifyInstance,
  registry: Registry,
  sources: MetricsSources,
  log: FastifyBaseLogger,
): (() => void)[] => {
  const cleanups: (() => void)[] = [];
  // Process memory, CPU, event-loop lag, heap, handles: prom-client's default set.
  collectDefaultMetrics({ register: registry });

  readGauge(registry, 'db_info', 'The database driver in use (value 1)', ['driver'], () => [
    [{ driver: app.database.driver }, 1],
  ]);
  const { poolStats } = app.database;
  if (poolStats) {
    readGauge(
      registry,
      'db_pool_connections',
      'PostgreSQL pool connections by state (in_use + idle = open)',
      ['state'],
      () => {
        const pool = poolStats();
        return [
          [{ state: 'in_use' }, pool.total - pool.idle],
          [{ state: 'idle' }, pool.idle],
        ];
      },
    );
    readGauge(registry, 'db_pool_max_connections', 'Size of the PostgreSQL pool', [], () => [
      [{}, poolStats().max],
    ]);
    readGauge(
      registry,
      'db_pool_waiting_requests',
      'Queries waiting for a free PostgreSQL connection',
      [],
      () => [[{}, poolStats().waiting]],
    );
  }

  readCounter(
    registry,
    'cache_requests_total',
    'In-process cache lookups by cache and result (hit or miss)',
    ['cache', 'result'],
    function* () {
      for (const [cache, stats] of cacheStatsByName()) {
        yield [{ cache, result: 'hit' }, stats.hits];
        yield [{ cache, result: 'miss' }, stats.misses];
      }
    },
  );

  if (app.hasDecorator('realtime')) {
    readGauge(
      registry,
      'stomp_connections',
      'Open WebSocket connections at /ws, by state (signed in with CONNECT, or not yet)',
      ['state'],
      () => {
        const stats = app.realtime.stats();
        return [
          [{ state: 'connected' }, stats.connections],
          [{ state: 'pending' }, stats.sockets - stats.connections],
        ];
      },
    );
    readCounter(
      registry,
      'stomp_messages_delivered_total',
      'MESSAGE frames written to subscriptions of this instance (chat, notifications, errors)',
      [],
      () => [[{}, app.realtime.stats().deliveredFrames]],
    );
  }

  if (app.hasDecorator('mailer')) {
    readCounter(
      registry,
      'mail_deliveries_total',
      'Mail worker attempts of this instance, by result: sent, retry (scheduled again), failed (gave up after the last try)',
      ['result'],
      () => {
        const stats = app.mailer.stats();
        return [
          [{ result: 'sent' }, stats.sent],
          [{ result: 'retry' }, stats.retried],
          [{ result: 'failed' }, stats.failed],
        ];
      },
    );
    // One query answers both gauges of a scrape: prom-client collects every metric at once, so
    // the second gauge joins the read the first one started.
    let reading: Promise<OutboxCounts | undefined> | undefined;
    const outbox = () =>
      (reading ??= readOutbox(app, log).finally(() => {
        reading = undefined;
      }));
    readGauge(
      registry,
      'mail_outbox_messages',
      'Mail outbox rows (whole deployment) by state: pending (to send, retrying included), retrying (failed at least once), failed (given up)',
      ['state'],
      async () => {
        const counts = await outbox();
        if (!counts) return [];
        return [
          [{ state: 'pending' }, counts.pending],
          [{ state: 'retrying' }, counts.retrying],
          [{ state: 'failed' }, counts.failed],
        ];
      },
    );
    readGauge(
      registry,
      'mail_outbox_oldest_pending_seconds',
      'Age of the oldest mail not sent yet, 0 when none (whole deployment)',
      [],
      async () => {
        const counts = await outbox();
        return counts ? [[{}, counts.oldest_age]] : [];
      },
    );
  }

  if (app.hasDecorator('notifier')) {
    readCounter(
      registry,
      'notifications_total',
      'Notifications written by this instance (created) and their live pushes (pushed, push_failed)',
      ['event'],
      () => {
        const stats = app.notifier.stats();
        return [
          [{ event: 'created' }, stats.created],
          [{ event: 'pushed' }, stats.pushed],
          [{ event: 'push_failed' }, stats.pushFailed],
        ];
      },
    );
  }

  const { imageWork } = sources;
  if (imageWork) {
    readGauge(
      registry,
      'image_queue_tasks',
      'Photo decodes in the image queue: running, or admitted and waiting for a slot',
      ['state'],
      () => {
        const stats = imageWork().stats();
        return [
          [{ state: 'running' }, stats.running],
          [{ state: 'waiting' }, stats.waiting],
        ];
      },
    );
    readCounter(
      registry,
      'image_queue_refused_total',
      'Upload requests refused because the image queue was full (answered 429 or 503)',
      [],
      () => [[{}, imageWork().refusedCount()]],
    );
    const processing = new Histogram({
      name: 'image_processing_seconds',
      help: 'Time one photo decode/re-encode ran, by result (ok or failed)',
      labelNames: ['result'],
      buckets: IMAGE_BUCKETS,
      registers: [registry],
    });
    const waiting = new Histogram({
      name: 'image_queue_wait_seconds',
      help: 'Time a photo waited in the image queue before it ran',
      buckets: IMAGE_BUCKETS,
      registers: [registry],
    });
    // The queue is the process's; this app listens to it until it closes.
    cleanups.push(
      imageWork().observe(({ waitedMs, ranMs, isFailed }) => {
        processing.observe({ result: isFailed ? 'failed' : 'ok' }, ranMs / 1000);
        waiting.observe(waitedMs / 1000);
      }),
    );
  }

  // The photo sweep (decision 055) reports each run on a diagnostics channel of this process.
  const orphans = new Counter({
    name: 'storage_orphans_removed_total',
    help: 'What the photo sweep removed: uploads nobody published within a day (upload), files older than a day no row names (file)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const sweeps = new Counter({
    name: 'storage_sweeps_total',
    help: 'Runs of the photo sweep in this process',
    registers: [registry],
  });
  orphans.inc({ kind: 'upload' }, 0);
  orphans.inc({ kind: 'file' }, 0);
  const onSweep = (report: unknown) => {
    const { orphanUploads, orphanFiles } = report as StorageSweepReport;
    sweeps.inc();
    orphans.inc({ kind: 'upload' }, orphanUploads);
    orphans.inc({ kind: 'file' }, orphanFiles);
  };
  subscribe(STORAGE_SWEEP_CHANNEL, onSweep);
  cleanups.push(() => unsubscribe(STORAGE_SWEEP_CHANNEL, onSweep));
  return cleanups;
};

/** The separate listener of METRICS_PORT: `GET /metrics` and nothing else. */
const createMetricsListener = (
  registry: Registry,
  isAuthorized: (authorization: string | undefined) => boolean,
  log: FastifyBaseLogger,
) =>
  createServer((request: IncomingMessage, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'cache-control': 'no-store', ...headers }).end(body);
    };
    const json = { 'content-type': 'application/json; charset=utf-8' };
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      answer(404, JSON.stringify(errorBody('NOT_FOUND', 'No existe.')), json);
      return;
    }
    if (!isAuthorized(request.headers.authorization)) {
      answer(401, JSON.stringify(errorBody('UNAUTHORIZED', METRICS_AUTH_MESSAGE)), {
        ...json,
        'www-authenticate': 'Bearer',
      });
      return;
    }
    registry.metrics().then(
      (text) => answer(200, text, { 'content-type': registry.contentType }),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: scrape failed');
        answer(500, JSON.stringify(errorBody('INTERNAL_ERROR', 'Error interno.')), json);
      },
    );
  });

export const metricsPlugin = fp<{ config: AppConfig; sources?: MetricsSources }>(
  (app, { config, sources = {} }, done) => {
    const { metricsToken, metricsPort, metricsHost } = config;
    if (!metricsToken && metricsPort === undefined) {
      done();
      return;
    }
    const registry = new Registry();
    const isAuthorized = tokenChecker(metricsToken);
    let listener: Server | undefined;
    app.decorate('metrics', {
      registry,
      address: () => (listener?.address() as AddressInfo | null | undefined) ?? null,
    } satisfies MetricsServer);
    const log = app.log.child({ module: 'metrics' });
    registerHttpMetrics(app, registry);
    const cleanups: (() => void)[] = [];
    app.addHook('onReady', (done) => {
      cleanups.push(...registerReadMetrics(app, registry, sources, log));
      done();
    });
    app.addHook('onClose', (_instance, done) => {
      for (const cleanup of cleanups) cleanup();
      done();
    });

    if (metricsPort === undefined) {
      app.get(
        METRICS_PATH,
        { schema: { hide: true }, logLevel: 'warn' },
        async (request, reply) => {
          if (!isAuthorized(request.headers.authorization)) {
            return reply
              .status(401)
              .header('www-authenticate', 'Bearer')
              .header('cache-control', 'no-store')
              .send(errorBody('UNAUTHORIZED', METRICS_AUTH_MESSAGE));
          }
          const text = await registry.metrics();
          return reply
            .header('content-type', registry.contentType)
            .header('cache-control', 'no-store')
            .send(text);
        },
      );
      done();
      return;
    }
    // Its own port, opened when the app is ready (a port in use stops the start), closed with it.
    app.addHook('onReady', async () => {
      listener = createMetricsListener(registry, isAuthorized, log);
      const server = listener;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(metricsPort, metricsHost, () => {
          server.off('error', reject);
          resolve();
        });
      });
      log.info({ port: metricsPort, host: metricsHost }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      const server = listener;
      if (!server?.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    done();
  },
  { name: 'metrics', dependencies: ['db'] },
);
