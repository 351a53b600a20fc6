// What the benchmark scripts share: starting and stopping processes, the built product's
// environment, throw-away databases, an autocannon load with the figures the tables show, and the
// bare Fastify hello-world every ratio is measured against, and the writer of docs/benchmarks.md's
// sections.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns a Node process and resolves with it once `readyUrl` answers 2xx. */
export const startProcess = async (args, env, readyUrl) => {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
};

export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/**
 * `load(url, headers)` runs autocannon with the script's connections and duration;
 * `startHello(port)` starts the hello-world (stopped by `cleanups`), warms it up and returns a
 * function that measures it; `measurePaired(url, measureHello, headers)` measures an endpoint
 * right after the hello-world in `rounds` pairs and answers the pair with the median ratio (and
 * the requests of all rounds).
 */
export const createLoadTools = ({ connections, duration, rounds, cleanups }) => {
  const load = async (url, headers = {}) => {
    const result = await autocannon({ url, connections, duration, headers });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.errors + result.timeouts + result.non2xx,
      requests: result.requests.total,
    };
  };

  /** A bare Fastify hello-world in a process of its own (no logger, no plugins). */
  const startHello = async (port) => {
    const code = `import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
    const url = `http://127.0.0.1:${port}/`;
    const child = await startProcess(['--input-type=module', '-e', code], {}, url);
    cleanups.push(() => stopProcess(child));
    await autocannon({ url, connections, duration: 2 });
    return () => load(url);
  };

  const measurePaired = async (url, measureHello, headers = {}) => {
    await autocannon({ url, connections, duration: 2, headers });
    const runs = [];
    for (let round = 0; round < rounds; round += 1) {
      const hello = await measureHello();
      const run = await load(url, headers);
      runs.push({ ...run, hello: hello.rps, ratio: run.rps / hello.rps });
    }
    runs.sort((a, b) => a.ratio - b.ratio);
    const totalRequests = runs.reduce((sum, run) => sum + run.requests, 0);
    return { ...runs[Math.floor(runs.length / 2)], totalRequests };
  };

  return { load, startHello, measurePaired };
};

/**
 * Registers a member through the API (`verify(email)`, if given, verifies the address before the
 * sign-in) and signs them in: answers the login's body (the session user and `token`).
 */
export const registerMember = async (base, { prefix = 'bench', verify } = {}) => {
  const email = `${prefix}.${Date.now()}@bench.test`;
  const password = 'clave-de-prueba-123';
  const register = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email,
      phone: null,
      password,
      confirmPassword: password,
    }),
  });
  if (!register.ok) throw new Error(`register answered ${register.status}`);
  await verify?.(email);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return login.json();
};

/** The built product's environment: production, loopback, its own data directory and secret. */
export const productEnv = (port, dataDir, extra) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  LOG_LEVEL: 'info',
  REDIS_URL: '',
  SMTP_URL: '',
  ...extra,
});

/**
 * A throw-away PostgreSQL database (`{ url, name }`), dropped by `cleanups`; undefined, with a
 * warning, when `adminUrl` is "skip" or PostgreSQL cannot be reached.
 */
export const createBenchDatabase = async ({ adminUrl, prefix, cleanups }) => {
  if (adminUrl === 'skip') return undefined;
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.warn(`PostgreSQL left out (${error.message})`);
    await admin.end().catch(() => undefined);
    return undefined;
  }
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
};

/**
 * The product's embedded database in `dataDir`, opened directly with the extensions its
 * migrations use, to be filled in bulk while the product is stopped (one process at a time).
 */
export const openEmbeddedDatabase = async (dataDir) => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  return PGlite.create({
    dataDir: join(dataDir, 'pglite'),
    extensions: { unaccent, pg_trgm, btree_gin },
  });
};

/**
 * Writes one marked section of docs/benchmarks.md (`<!-- name:start … -->` … `<!-- name:end -->`),
 * leaving every other section as it is; a section not there yet is added at the end. `markdown`
 * holds the whole section, its two markers included.
 */
export const writeBenchmarkSection = (name, markdown) => {
  const file = join(
    dirname(dirname(dirname(fileURLToPath(import.meta.url)))),
    'docs/benchmarks.md',
  );
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = previous.indexOf(`<!-- ${name}:start`);
  const endMarker = `<!-- ${name}:end -->`;
  const end = previous.indexOf(endMarker);
  writeFileSync(
    file,
    start >= 0 && end > start
      ? `${previous.slice(0, start)}${markdown}${previous.slice(end + endMarker.length)}`
      : `${previous.trimEnd()}\n\n${markdown}\n`,
  );
};

/** The built server's entry point; exits asking for a build when there is none. */
export const builtServerEntry = () => {
  const entry = join(
    dirname(dirname(dirname(fileURLToPath(import.meta.url)))),
    'apps/server/dist/server.js',
  );
  if (!existsSync(entry)) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
  return entry;
};
