// `npm run bench`: measures the figures the issues name and writes docs/benchmarks.md.
// - start-up: time from running scripts/start.mjs (what `npm start` runs) until /readyz answers 200, first on a new data
//   directory (migrations + seed) and then again on the same data (the "under 3 s" budget);
// - API throughput and latency of a public read (GET /api/categories) with autocannon;
// - real-time chat under load (scripts/bench/realtime.mjs, PostgreSQL and Redis).
// Everything runs on loopback against a throw-away data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { writeBenchmarkSection } from './bench/support.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const serverEntry = join(root, 'apps/server/dist/server.js');
if (!existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const port = 3290;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-bench-'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server and resolves with { child, ms } once /readyz answers 200. */
const startServer = async () => {
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The embedded database whatever a .env file says (the real environment wins over it).
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.ok) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
};

const stopServer = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const results = [];
try {
  const cold = await startServer();
  await stopServer(cold.child);
  results.push([
    '`npm start` on a new data directory (migrations + seed)',
    `${cold.ms.toFixed(0)} ms`,
    '—',
  ]);

  const warmRuns = [];
  let last;
  for (let i = 0; i < 3; i += 1) {
    last = await startServer();
    warmRuns.push(last.ms);
    if (i < 2) await stopServer(last.child);
  }
  const warmWorst = Math.max(...warmRuns);
  results.push([
    '`npm start` again on the same data (worst of 3)',
    `${warmWorst.toFixed(0)} ms (runs: ${warmRuns.map((ms) => ms.toFixed(0)).join(', ')})`,
    warmWorst < 3000 ? '< 3000 ms ✅' : '< 3000 ms ❌',
  ]);

  const load = await autocannon({ url: `${base}/api/categories`, connections: 20, duration: 10 });
  results.push([
    'GET /api/categories, 20 connections, 10 s',
    `${Math.round(load.requests.average)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, errors ${load.errors + load.non2xx}`,
    '—',
  ]);
  await stopServer(last.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Real-time load (issue 10): its own script; its rows join the same table.
const { realtimeRows } = await import('./bench/realtime.mjs');
results.push(...(await realtimeRows()));

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const table = [
  '| what | result | budget |',
  '| --- | --- | --- |',
  ...results.map((row) => `| ${row.join(' | ')} |`),
].join('\n');
const markdown = `<!-- startup-bench:start (written by \`npm run bench\`, scripts/bench.mjs) -->\n## Start-up, categories and real time\n\nMeasured on ${new Date().toISOString()}. Machine: ${machine}; load average ${loadavg()[0].toFixed(1)}. Embedded database (PGlite), built product, loopback only.\n\n${table}\n<!-- startup-bench:end -->`;
writeBenchmarkSection('startup-bench', markdown);
console.log(markdown);

// The listings figures (issue 8): their own script and section of docs/benchmarks.md.
await import('./bench/listings.mjs');

// The request-path figures (issue 7): their own script and section of docs/benchmarks.md.
await import('./bench/request-path.mjs');

// The hostile-uploads figures (issue 18): their own script and section of docs/benchmarks.md.
await import('./bench/uploads-attack.mjs');

// The pages figures (issue 19): their own script and section of docs/benchmarks.md.
await import('./bench/pages.mjs');

// The saved-search alerts figure (issue 21): its own script and section of docs/benchmarks.md.
await import('./bench/saved-searches.mjs');

// The typo-search figure (issue 21, decision 097): its own script and section of docs/benchmarks.md.
await import('./bench/typo-search.mjs');
