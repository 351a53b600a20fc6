import { request as httpRequest } from 'node:http';
import { DESTINATIONS } from '@unimercado/shared/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, type ConfigError } from '../config/env';
import { mailOutbox } from '../db/schema';
import { defaultLoggerOptions } from '../lib/logger';
import { storageSweepChannel, type StorageSweepReport } from './storage/events';
import {
  bearer,
  createAccount,
  createTestApp,
  registerUser,
  testConfig,
  type Account,
  type TestContext,
} from '../test/helpers';
import { freePort } from '../test/child-server';
import { createProduct, uploadPhotos } from '../test/products';
import { connectStomp, listenForSockets } from '../test/stomp';
import { expectErrorBody, makeOffer } from '../test/trade';

const TOKEN = 'metrics-token-0123456789abcdef';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
const parseMetrics = (text: string): Sample[] =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[pair[1]!] = pair[2]!;
      }
      return { name: match[1]!, labels, value: Number(match[3]) };
    });

/** The value of the one sample named `name` whose labels include `labels` (undefined if none). */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) => {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1)
    throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length}`);
  return found[0]?.value;
};

const scrape = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.body);
};

describe('metrics off (no METRICS_TOKEN, no METRICS_PORT)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('answers /metrics with the 404 of any unknown path, even with a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
    expect(ctx.app.metrics).toBeUndefined();
  });
});

describe('metrics behind METRICS_TOKEN', () => {
  let ctx: TestContext;
  let member: Account;
  let admin: Account;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { metricsToken: TOKEN } });
    member = await createAccount(ctx, { verified: true });
    admin = await createAccount(ctx, { verified: true, admin: true });
  });
  afterAll(async () => ctx.close());

  it.each([
    ['anonymous', () => ({})],
    ['a member', () => bearer(member.token)],
    ['an admin', () => bearer(admin.token)],
    ['a wrong token', () => bearer(`${TOKEN}x`)],
    ['the token without Bearer', () => ({ authorization: TOKEN })],
  ])('refuses %s with 401 and the error body', async (_who, headers) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: headers() });
    expectErrorBody(res, 401, { code: 'UNAUTHORIZED' });
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).not.toContain('http_requests_total');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/products/987654' });
    await ctx.app.inject({ method: 'GET', url: '/api/products/987655?x=secret-value' });
    const samples = await scrape(ctx);
    const labels = { method: 'GET', route: '/api/products/:id', status_code: '404' };
    expect(valueOf(samples, 'http_requests_total', labels)).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_count', labels)).toBe(2);
    expect(
      valueOf(samples, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(2);
    const routes = new Set(samples.map((sample) => sample.labels.route).filter(Boolean));
    expect([...routes].some((route) => /987654|secret-value/.test(route!))).toBe(false);
  });

  it('gives paths that no route matches one shared label', async () => {
    // The web plugin's catch-all answers any page path; an unknown API path is its own 404.
    for (const url of ['/api/nope-1', '/api/nope-2', '/api/nope-3/x']) {
      await ctx.app.inject({ method: 'GET', url });
    }
    const routes = (await scrape(ctx))
      .filter((sample) => sample.name === 'http_requests_total')
      .map((sample) => sample.labels.route);
    expect(routes.some((route) => route?.includes('nope'))).toBe(false);
  });

  it('reports cache hits and misses by cache', async () => {
    const before = await scrape(ctx);
    const hits = valueOf(before, 'cache_requests_total', { cache: 'categories', result: 'hit' });
    await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    const after = await scrape(ctx);
    expect(
      valueOf(after, 'cache_requests_total', { cache: 'categories', result: 'hit' }),
    ).toBeGreaterThanOrEqual((hits ?? 0) + 1);
  });

  it('reports the database driver, and the pool on PostgreSQL', async () => {
    const samples = await scrape(ctx);
    const driver = ctx.database.driver;
    expect(valueOf(samples, 'db_info', { driver })).toBe(1);
    if (driver === 'postgres') {
      expect(valueOf(samples, 'db_pool_max_connections')).toBeGreaterThan(0);
      expect(valueOf(samples, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(valueOf(samples, 'db_pool_max_connections')).toBeUndefined();
    }
  });

  it('reports process memory and event-loop lag', async () => {
    const samples = await scrape(ctx);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('reports the mail outbox and the worker: sent, pending, failed', async () => {
    await ctx.app.mailer.flush();
    const before = await scrape(ctx);
    const sent = valueOf(before, 'mail_deliveries_total', { result: 'sent' }) ?? 0;
    await registerUser(ctx.app);
    await ctx.app.mailer.flush();
    await ctx.database.db.insert(mailOutbox).values({
      kind: 'message',
      recipient: 'nadie@uni.edu',
      subject: 'x',
      textBody: 'x',
      htmlBody: 'x',
      messageId: 'metrics-test-failed',
      nextAttemptAt: new Date(),
      createdAt: new Date(Date.now() - 3_600_000),
      failedAt: new Date(),
      attempts: 10,
    });
    const after = await scrape(ctx);
    expect(valueOf(after, 'mail_deliveries_total', { result: 'sent' })).toBe(sent + 1);
    expect(valueOf(after, 'mail_outbox_messages', { state: 'pending' })).toBe(0);
    expect(valueOf(after, 'mail_outbox_messages', { state: 'failed' })).toBe(1);
    expect(valueOf(after, 'mail_outbox_oldest_pending_seconds')).toBe(0);

    // One that failed once and waits for its retry, written two hours ago.
    await ctx.database.db.insert(mailOutbox).values({
      kind: 'message',
      recipient: 'luego@uni.edu',
      subject: 'x',
      textBody: 'x',
      htmlBody: 'x',
      messageId: 'metrics-test-retrying',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(Date.now() - 7_200_000),
      attempts: 1,
      lastError: 'connection refused',
    });
    const waiting = await scrape(ctx);
    expect(valueOf(waiting, 'mail_outbox_messages', { state: 'pending' })).toBe(1);
    expect(valueOf(waiting, 'mail_outbox_messages', { state: 'retrying' })).toBe(1);
    const age = valueOf(waiting, 'mail_outbox_oldest_pending_seconds')!;
    expect(age).toBeGreaterThanOrEqual(7_199);
    expect(age).toBeLessThan(7_300);
  });

  it('reports photo processing time and the image queue', async () => {
    await uploadPhotos(ctx, member.token, 2);
    const samples = await scrape(ctx);
    expect(
      valueOf(samples, 'image_processing_seconds_count', { result: 'ok' }),
    ).toBeGreaterThanOrEqual(2);
    expect(valueOf(samples, 'image_queue_wait_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(valueOf(samples, 'image_queue_tasks', { state: 'waiting' })).toBe(0);
    expect(valueOf(samples, 'image_queue_refused_total')).toBe(0);
  });

  it('counts what the photo sweep removed, from its reports', async () => {
    const before = await scrape(ctx);
    const files = valueOf(before, 'storage_orphans_removed_total', { kind: 'file' })!;
    const uploads = valueOf(before, 'storage_orphans_removed_total', { kind: 'upload' })!;
    storageSweepChannel.publish({ orphanUploads: 2, orphanFiles: 3 } satisfies StorageSweepReport);
    const after = await scrape(ctx);
    expect(valueOf(after, 'storage_orphans_removed_total', { kind: 'file' })).toBe(files + 3);
    expect(valueOf(after, 'storage_orphans_removed_total', { kind: 'upload' })).toBe(uploads + 2);
    expect(valueOf(after, 'storage_sweeps_total')).toBe(
      valueOf(before, 'storage_sweeps_total')! + 1,
    );
  });

  it('reports STOMP connections, deliveries and notification pushes', async () => {
    const { wsUrl } = await listenForSockets(ctx.app);
    const seller = await createAccount(ctx, { verified: true });
    const stomp = await connectStomp(wsUrl, {
      headers: { Authorization: `Bearer ${seller.token}` },
    });
    try {
      const notifications = await stomp.subscribe(DESTINATIONS.userNotifications);
      const product = await createProduct(ctx, seller);
      await makeOffer(ctx, member, product, 1000);
      await notifications.next();
      const samples = await scrape(ctx);
      expect(valueOf(samples, 'stomp_connections', { state: 'connected' })).toBe(1);
      expect(valueOf(samples, 'stomp_messages_delivered_total')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'notifications_total', { event: 'created' })).toBeGreaterThanOrEqual(
        1,
      );
      expect(valueOf(samples, 'notifications_total', { event: 'pushed' })).toBeGreaterThanOrEqual(
        1,
      );
    } finally {
      await stomp.disconnect();
    }
  });
});

describe('request log with metrics on', () => {
  it('still writes one line per request, none per scrape, and never the token', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp({
      config: { metricsToken: TOKEN },
      logger: {
        ...(defaultLoggerOptions(testConfig()) as object),
        level: 'info',
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    try {
      await ctx.app.inject({ method: 'GET', url: '/healthz' });
      await ctx.app.inject({ method: 'GET', url: '/api/categories' });
      await scrape(ctx);
      await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: bearer('wrong-token-0123456789'),
      });
      const entries = lines.map(
        (line) => JSON.parse(line) as { msg: string; req?: { url: string } },
      );
      expect(entries.filter((entry) => entry.req).map((entry) => entry.req!.url)).toEqual([
        '/healthz',
        '/api/categories',
      ]);
      expect(lines.join('')).not.toContain(TOKEN);
    } finally {
      await ctx.close();
    }
  });
});

/** A GET on the metrics port; the answer's status, headers and body. */
const getFrom = (port: number, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );

describe('metrics on their own port (METRICS_PORT)', () => {
  // A port nobody listens on: a fixed range met other services (epmd's 4369).
  let port: number;
  let ctx: TestContext;
  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestApp({
      config: { metricsPort: port, metricsHost: '127.0.0.1', metricsToken: TOKEN },
    });
  });
  afterAll(async () => ctx.close());

  it('serves them there only, with the token when one is set', async () => {
    expect(ctx.app.metrics?.address()?.port).toBe(port);
    const onMainPort = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer(TOKEN),
    });
    expect(onMainPort.statusCode).toBe(404);

    const anonymous = await getFrom(port, '/metrics');
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ code: 'UNAUTHORIZED' });

    await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const scraped = await getFrom(port, '/metrics', bearer(TOKEN));
    expect(scraped.status).toBe(200);
    const samples = parseMetrics(scraped.body);
    expect(valueOf(samples, 'http_requests_total', { route: '/healthz', status_code: '200' })).toBe(
      1,
    );

    const elsewhere = await getFrom(port, '/api/products', bearer(TOKEN));
    expect(elsewhere.status).toBe(404);
  });

  it('closes the port with the app', async () => {
    const other = await createTestApp({
      config: { metricsPort: port + 100, metricsHost: '127.0.0.1' },
    });
    const open = await getFrom(port + 100, '/metrics');
    expect(open.status).toBe(200);
    await other.close();
    await expect(getFrom(port + 100, '/metrics')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('metrics settings', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      parseEnv({ NODE_ENV: 'test', ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('are off by default', () => {
    const config = parseEnv({ NODE_ENV: 'test' });
    expect(config.metricsToken).toBeUndefined();
    expect(config.metricsPort).toBeUndefined();
  });

  it('refuse a short token and a metrics port equal to PORT', () => {
    expect(problemsOf({ METRICS_TOKEN: 'short' }).join('\n')).toMatch(/METRICS_TOKEN/);
    expect(problemsOf({ PORT: '4321', METRICS_PORT: '4321' }).join('\n')).toMatch(
      /METRICS_PORT debe ser distinto de PORT/,
    );
    expect(problemsOf({ PORT: '4321', METRICS_PORT: '4322', METRICS_TOKEN: TOKEN })).toEqual([]);
  });
});
