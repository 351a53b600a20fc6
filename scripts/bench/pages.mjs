// The pages figures of `npm run bench` (issue 19, decision 045), written to their own section of
// docs/benchmarks.md. Also runs alone: `node scripts/bench/pages.mjs` (after `npm run build`).
//
// On the built product with the demo data (a fresh embedded database, loopback only):
// - 20 visitors open 20 different product pages at once, each page cold (not rendered before):
//   time to the first byte, p50/p95/max, and whether each page came with its data (the product's
//   title in the HTML);
// - 50 visitors open the same product page at once (cold, then again warm): time to the first
//   byte and how many renders it took (one, shared).
// Settings: BENCH_PAGES_PORT (default 3297).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const summary = (times) =>
  `p50 ${ms(percentile(times, 0.5))}, **p95 ${ms(percentile(times, 0.95))}**, max ${ms(Math.max(...times))}`;

const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-bench-pages-'));
const env = productEnv(port, dataDir, { DATABASE_URL: '', LOG_LEVEL: 'warn' });
const rows = [];
let child;
try {
  const seeded = spawnSync('npm', ['run', 'db:seed', '--', '--demo'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  if (seeded.status !== 0) throw new Error('the demo seed failed');
  child = await startProcess([serverEntry], env, `${base}/readyz`);
  const products = await (await fetch(`${base}/api/products/available?page=0&size=40`)).json();
  if (products.length < 21) throw new Error(`the demo data has ${products.length} products`);
  // Warm-up on one page (the first render of a process loads its code).
  await timedGet(`/products/${products[20].id}`);

  const cold = await Promise.all(products.slice(0, 20).map((p) => timedGet(`/products/${p.id}`)));
  const withData = cold.filter(
    (res, index) => res.status === 200 && res.body.includes(products[index].title),
  ).length;
  rows.push([
    '20 visitors open 20 different product pages at once (cold)',
    `first byte ${summary(cold.map((res) => res.ttfb))}; ${withData} of 20 with their data`,
    withData === 20 ? 'all with data ✅' : 'all with data ❌',
  ]);

  const same = `/products/${products[21].id}`;
  const together = await Promise.all(Array.from({ length: 50 }, () => timedGet(same)));
  const again = await Promise.all(Array.from({ length: 50 }, () => timedGet(same)));
  const identical = new Set([...together, ...again].map((res) => res.body)).size === 1;
  rows.push([
    '50 visitors open the same product page at once (cold)',
    `first byte ${summary(together.map((res) => res.ttfb))}; ${identical ? 'one render shared by all 100' : 'answers differ'}`,
    '—',
  ]);
  rows.push([
    '50 more visitors open it at once (kept page)',
    `first byte ${summary(again.map((res) => res.ttfb))}`,
    '—',
  ]);
} finally {
  if (child) await stopProcess(child);
  rmSync(dataDir, { recursive: true, force: true });
}

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const markdown = `<!-- pages-bench:start (written by \`npm run bench\`, scripts/bench/pages.mjs) -->
## Pages (server rendering, decision 045)

Measured on ${new Date().toISOString()}. Machine: ${machine}; load average ${loadavg()[0].toFixed(1)} at the end (the machine is shared). Built product (\`NODE_ENV=production\`), PGlite with the demo data, loopback only. Time to the first byte of the page's HTML, no compression asked for.

| what | result | goal |
| --- | --- | --- |
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}
<!-- pages-bench:end -->`;
writeBenchmarkSection('pages-bench', markdown);
console.log(markdown);
