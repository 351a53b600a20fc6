// The saved-search alerts figure of `npm run bench` (issue 21, decision 088), written to its own
// section of docs/benchmarks.md. Also runs alone: `node scripts/bench/saved-searches.mjs`.
//
// On a throw-away PostgreSQL database: 10,000 saved searches of 2,000 members, then new listings
// matched the product's way (apps/server/src/cli/bench-saved-searches.ts runs the server's own
// functions through tsx): the matching statement alone, and the whole off-request job of a listing
// (claimed from the queue, matched, one grouped notification written or updated per search).
//
// Settings: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; "skip" leaves
// it out), BENCH_SAVED_DATABASE_PREFIX (default unimercado_saved_bench), BENCH_SAVED_LISTINGS
// (listings per kind of measure, default 200).
import { spawn } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, writeBenchmarkSection } from './support.mjs';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = process.env.BENCH_SAVED_DATABASE_PREFIX ?? 'unimercado_saved_bench';
const BAR_MS = 50;

const cleanups = [];
const run = (databaseUrl) =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'apps/server/src/cli/bench-saved-searches.ts')],
      {
        cwd: join(root, 'apps/server'),
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim().split('\n').at(-1)))
        : reject(new Error(`bench-saved-searches exited with ${code}`)),
    );
  });

try {
  const database = await createBenchDatabase({ adminUrl, prefix, cleanups });
  if (database) {
    const loadBefore = loadavg()[0];
    const figures = await run(database.url);
    const load = `${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`;
    const ms = (value) => `${value.toFixed(1)} ms`;
    const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const markdown = `<!-- saved-searches-bench:start (written by \`npm run bench\`, scripts/bench/saved-searches.mjs) -->
## Saved-search alerts (issue 21)

Measured on ${new Date().toISOString()}. Machine: ${machine}; load average ${load}. PostgreSQL on
loopback; ${figures.searches.toLocaleString('en')} saved searches of ${figures.members.toLocaleString('en')} members; ${figures.listings} new listings per row, each
matching ${figures.matchesPerListing.toFixed(0)} searches on average. Off the request path: publishing only writes the listing's
queue row (decision 088).

| what | p50 | p95 | max | bar |
| --- | --- | --- | --- | --- |
| matching one new listing against ${figures.searches.toLocaleString('en')} saved searches, PostgreSQL (one statement, hits recorded) | ${ms(figures.match.p50)} | ${ms(figures.match.p95)} | ${ms(figures.match.max)} | p95 < ${BAR_MS} ms: ${figures.match.p95 < BAR_MS ? 'met' : 'NOT MET'} |
| the whole job of one listing: claimed from the queue, matched, one grouped notification per matching search | ${ms(figures.job.p50)} | ${ms(figures.job.p95)} | ${ms(figures.job.max)} | — |
<!-- saved-searches-bench:end -->`;
    writeBenchmarkSection('saved-searches-bench', markdown);
    console.log(markdown);
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
