// The request-path figures of `npm run bench` (issue 7): what the stack costs per request,
// measured against a bare Fastify hello-world in the same run, written to their own section of
// docs/benchmarks.md. Also runs alone: `node scripts/bench/request-path.mjs` (after `npm run build`).
//
// - GET /healthz (no database), GET /api/categories (from memory), a signed-in GET /api/users/{id}
//   (the session and the profile), GET /api/products/available?page=0&size=12 anonymous (a page of
//   12 products from memory), on PostgreSQL (a throw-away database) and on PGlite.
// - autocannon with 50 connections; each endpoint is measured right after the hello-world, in
//   BENCH_ROUNDS pairs of BENCH_DURATION seconds, and the median ratio counts (the machine is
//   shared, so a ratio of two neighbouring runs says more than a request rate).
// - The product runs as deployed (`NODE_ENV=production`, LOG_LEVEL=info: one log line per request),
//   and the clients do not ask for compression, like the hello-world's.
//
// Settings: BENCH_DURATION (s, default 5), BENCH_ROUNDS (default 3), BENCH_REQUEST_PATH_PORT (first
// of two ports, default 3226), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// "skip" leaves PostgreSQL out), BENCH_DATABASE_PREFIX (the throw-away database's name prefix,
// default unimercado_path_bench).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PRODUCT_COUNT, seedSql } from './listings-seed.mjs';
import {
  createBenchDatabase,
  createLoadTools,
  openEmbeddedDatabase,
  productEnv,
  registerMember,
  startProcess,
  stopProcess,
  writeBenchmarkSection,
} from './support.mjs';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const serverEntry = join(root, 'apps/server/dist/server.js');
if (!existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const firstPort = Number(process.env.BENCH_REQUEST_PATH_PORT ?? 3226);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databasePrefix = process.env.BENCH_DATABASE_PREFIX ?? 'unimercado_path_bench';
const connections = 50;
/** Enough for full pages; the request path does not depend on the catalogue's size. */
const SEEDED_PRODUCTS = 200;

const cleanups = [];
const { startHello, measurePaired } = createLoadTools({ connections, duration, rounds, cleanups });

const smallSeed = () =>
  seedSql().replace(
    `generate_series(1, ${PRODUCT_COUNT})`,
    `generate_series(1, ${SEEDED_PRODUCTS})`,
  );

/** Registers and signs in a member; answers their id and token. */
const signedInMember = async (base) => {
  const { token, id } = await registerMember(base, { prefix: 'path' });
  return { token, id };
};

const measureEndpoints = async (base, measureHello, withHealth) => {
  const member = await signedInMember(base);
  const me = await (
    await fetch(`${base}/api/users/${member.id}`, {
      headers: { authorization: `Bearer ${member.token}` },
    })
  ).json();
  if (me.id !== member.id) throw new Error('the signed-in profile read failed');
  const results = [];
  if (withHealth) {
    results.push([
      '`GET /healthz` (no database)',
      await measurePaired(`${base}/healthz`, measureHello),
    ]);
  }
  results.push([
    '`GET /api/categories`',
    await measurePaired(`${base}/api/categories`, measureHello),
  ]);
  results.push([
    '`GET /api/users/{id}`, signed in (own profile)',
    await measurePaired(`${base}/api/users/${member.id}`, measureHello, {
      authorization: `Bearer ${member.token}`,
    }),
  ]);
  results.push([
    '`GET /api/products/available?page=0&size=12`, anonymous',
    await measurePaired(`${base}/api/products/available?page=0&size=12`, measureHello),
  ]);
  return results;
};

const measurePostgres = async (port, measureHello) => {
  const database = await createBenchDatabase({ adminUrl, prefix: databasePrefix, cleanups });
  if (!database) return undefined;
  const databaseUrl = database.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-path-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    [serverEntry],
    productEnv(port, dataDir, { DATABASE_URL: databaseUrl }),
    `${base}/readyz`,
  );
  try {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(smallSeed());
    await client.end();
    return { label: 'PostgreSQL', rows: await measureEndpoints(base, measureHello, true) };
  } finally {
    await stopProcess(child);
  }
};

const measurePglite = async (port, measureHello) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-path-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const env = productEnv(port, dataDir, { DATABASE_URL: '' });
  // An embedded database has one process: created by a first start, seeded while stopped.
  await stopProcess(await startProcess([serverEntry], env, `${base}/readyz`));
  const db = await openEmbeddedDatabase(dataDir);
  await db.exec(smallSeed());
  await db.close();
  const child = await startProcess([serverEntry], env, `${base}/readyz`);
  try {
    return { label: 'PGlite', rows: await measureEndpoints(base, measureHello, false) };
  } finally {
    await stopProcess(child);
  }
};

/** Issue 19's bar: /healthz and /api/categories at half the hello-world's rate or more. */
const GOALS = new Map([
  ['`GET /healthz` (no database)|PostgreSQL', 0.5],
  ['`GET /api/categories`|PostgreSQL', 0.5],
  ['`GET /api/categories`|PGlite', 0.5],
  ['`GET /api/users/{id}`, signed in (own profile)|PostgreSQL', 0.2],
  ['`GET /api/products/available?page=0&size=12`, anonymous|PostgreSQL', 1 / 3],
]);

const fmt = (value) => Math.round(value).toLocaleString('en-US');

let markdown;
try {
  const loadBefore = loadavg()[0];
  const measureHello = await startHello(firstPort);
  const results = [];
  const postgres = await measurePostgres(firstPort + 1, measureHello);
  if (postgres) results.push(postgres);
  results.push(await measurePglite(firstPort + 1, measureHello));
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadBefore.toFixed(1)} before and ${loadavg()[0].toFixed(1)} after (the machine is shared)`;
  const rows = [];
  for (const result of results) {
    for (const [what, run] of result.rows) {
      const goal = GOALS.get(`${what}|${result.label}`);
      const verdict = goal ? `≥ ${goal.toFixed(3)}× ${run.ratio >= goal ? '✅' : '❌'}` : '—';
      rows.push(
        `| ${what} | ${result.label} | ${fmt(run.rps)} req/s (p50 ${run.p50} ms, p99 ${run.p99} ms, failed ${run.failures}) | ${fmt(run.hello)} req/s | **${run.ratio.toFixed(3)}×** | ${verdict} |`,
      );
    }
  }
  markdown = [
    '<!-- request-path-bench:start (written by `npm run bench`, scripts/bench/request-path.mjs) -->',
    '## Request path',
    '',
    `Measured on ${new Date().toISOString()}. Machine: ${machine}. Built product`,
    `(\`NODE_ENV=production\`, \`LOG_LEVEL=info\`), loopback only, ${SEEDED_PRODUCTS} products. autocannon`,
    `with ${connections} connections, no compression asked for; each endpoint right after a bare Fastify`,
    `hello-world (same run, same machine), ${rounds} pairs of ${duration} s, the median ratio shown.`,
    '',
    '| endpoint | database | product | hello-world | ratio | goal |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '<!-- request-path-bench:end -->',
  ].join('\n');
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

writeBenchmarkSection('request-path-bench', markdown);
console.log(markdown);
