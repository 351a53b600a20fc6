// The pages figures of `npm run bench` (issue 19, decision 045), written to their own section of
// docs/benchmarks.md. Also runs alone: `node scripts/bench/pages.mjs` (after `npm run build`).
//
// On the built product with the demo data (a fresh embedded database, loopback only), in
// BENCH_PAGES_RUNS runs (default 5), each on a server started anew (every page cold), the median
// run's figures against the issue's bars, the load average beside each run:
// - 20 visitors open 20 different product pages at once, each page cold (not rendered before):
//   time to the first byte, p50/p95/max, and whether each page came with its data (the product's
//   title in the HTML); bar: all 20 with their data, p95 < 300 ms;
// - 50 visitors open the same product page at once (cold: one render shared), then 50 more (the
//   kept page); bar: p95 < 100 ms from the cache.
// Settings: BENCH_PAGES_PORT (default 3297), BENCH_PAGES_RUNS (default 5).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import escapeHtml from 'escape-html';
import { productEnv, startProcess, stopProcess, writeBenchmarkSection } from './support.mjs';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const serverEntry = join(root, 'apps/server/dist/server.js');
if (!existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const port = Number(process.env.BENCH_PAGES_PORT ?? 3297);
const base = `http://127.0.0.1:${port}`;

/** One GET: time to the first byte of the answer and the whole body. */
const timedGet = (path) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${base}${path}`, { headers: { accept: 'text/html' } }, (res) => {
      let ttfb;
      const chunks = [];
      res.once('data', () => {
        ttfb = performance.now() - started;
      });
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, ttfb, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(0)} ms`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runsCount = Number(process.env.BENCH_PAGES_RUNS ?? 5);

const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-bench-pages-'));
const env = productEnv(port, dataDir, { DATABASE_URL: '', LOG_LEVEL: 'warn' });

/** One run on a server started anew: the three loads, each as p50/p95/max of the first bytes. */
const measureRun = async () => {
  const child = await startProcess([serverEntry], env, `${base}/readyz`);
  try {
    const products = await (await fetch(`${base}/api/products/available?page=0&size=40`)).json();
    if (products.length < 22) throw new Error(`the demo data has ${products.length} products`);
    // Warm-up on one page (the first render of a process loads its code).
    await timedGet(`/products/${products[20].id}`);
    const cold = await Promise.all(products.slice(0, 20).map((p) => timedGet(`/products/${p.id}`)));
    // The title as the page writes it (a '"' in 'Monitor LG 24"' is `&quot;` there).
    const withData = cold.filter(
      (res, index) => res.status === 200 && res.body.includes(escapeHtml(products[index].title)),
    ).length;
    const same = `/products/${products[21].id}`;
    const together = await Promise.all(Array.from({ length: 50 }, () => timedGet(same)));
    const again = await Promise.all(Array.from({ length: 50 }, () => timedGet(same)));
    const stats = (answers) => {
      const times = answers.map((res) => res.ttfb);
      return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: Math.max(...times) };
    };
    return {
      cold: { ...stats(cold), withData },
      together: {
        ...stats(together),
        shared: new Set([...together, ...again].map((res) => res.body)).size === 1,
      },
      kept: stats(again),
      load: loadavg()[0],
    };
  } finally {
    await stopProcess(child);
  }
};

const runs = [];
try {
  const seeded = spawnSync('npm', ['run', 'db:seed', '--', '--demo'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  if (seeded.status !== 0) throw new Error('the demo seed failed');
  for (let run = 0; run < runsCount; run += 1) {
    runs.push(await measureRun());
    console.log(`run ${run + 1}: ${JSON.stringify(runs.at(-1))}`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const figure = (stats) => `p50 ${ms(stats.p50)}, **p95 ${ms(stats.p95)}**, max ${ms(stats.max)}`;
const perRun = (pick) =>
  runs.map((run) => `${ms(pick(run))} (load ${run.load.toFixed(1)})`).join(', ');
const pick = (part) => {
  const p95 = median(runs.map((run) => run[part].p95));
  return runs.find((run) => run[part].p95 === p95)[part];
};
const cold = pick('cold');
const allWithData = runs.every((run) => run.cold.withData === 20);
const kept = pick('kept');
const rows = [
  [
    '20 visitors open 20 different product pages at once (cold)',
    `first byte ${figure(cold)}; ${runs.map((run) => run.cold.withData).join(', ')} of 20 with their data; p95 per run: ${perRun((run) => run.cold.p95)}`,
    `all 20 with their data ${allWithData ? '✅' : '❌'}; p95 < 300 ms ${cold.p95 < 300 ? '✅' : '❌'}`,
  ],
  [
    '50 visitors open the same product page at once (cold)',
    `first byte ${figure(pick('together'))}; ${runs.every((run) => run.together.shared) ? 'one render shared by all 100' : 'answers differ'}; p95 per run: ${perRun((run) => run.together.p95)}`,
    '—',
  ],
  [
    '50 more visitors open it at once (kept page)',
    `first byte ${figure(kept)}; p95 per run: ${perRun((run) => run.kept.p95)}`,
    `p95 < 100 ms ${kept.p95 < 100 ? '✅' : '❌'}`,
  ],
];

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const markdown = `<!-- pages-bench:start (written by \`npm run bench\`, scripts/bench/pages.mjs) -->
## Pages (server rendering, decision 045)

Measured on ${new Date().toISOString()}. Machine: ${machine}; the machine is shared, so each run's load average (1 min) is beside its figure. Built product (\`NODE_ENV=production\`), PGlite with the demo data, loopback only. Time to the first byte of the page's HTML, no compression asked for. ${runs.length} runs, each on a server started anew (every page cold); the median run's figures are shown, with each run's p95.

| what | result (median of ${runs.length} runs) | bar |
| --- | --- | --- |
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}
<!-- pages-bench:end -->`;
writeBenchmarkSection('pages-bench', markdown);
console.log(markdown);
