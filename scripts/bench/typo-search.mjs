// The typo-search figure of `npm run bench` (issue 21: "search with a typo, 100,000 products,
// PostgreSQL: p95 < 30 ms"), written to its own section of docs/benchmarks.md. Also runs alone:
// `node scripts/bench/typo-search.mjs` (after `npm run build`).
//
// - 100,000 products seeded in bulk (the listings bench's seed, decision 033) on a throw-away
//   PostgreSQL database.
// - Misspelt words (a letter dropped, doubled or changed) of the titles the seed writes, each asked
//   once, one after the other, as the search page asks (available products, first page of 12, by
//   relevance), so none is answered from the cache; the time is the round trip on loopback (an
//   upper bound of server time). Decision 097: whole words first, then partial words and typos in
//   titles (typos corrected against the titles' words) when whole words find fewer than 3.
//
// Settings: BENCH_TYPO_PORT (default 3299), BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; "skip" leaves the bench out).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PRODUCT_COUNT, seedSql } from './listings-seed.mjs';
import {
  builtServerEntry,
  createBenchDatabase,
  productEnv,
  startProcess,
  stopProcess,
  writeBenchmarkSection,
} from './support.mjs';

const serverEntry = builtServerEntry();
const port = Number(process.env.BENCH_TYPO_PORT ?? 3299);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Misspellings of words the seed's titles carry (scripts/bench/listings-seed.mjs). */
export const TYPO_QUERIES = [
  'calculdora',
  'calcuradora',
  'calculadorra',
  'bicicleeta',
  'biciclta',
  'portatl',
  'portaatil',
  'celualr',
  'cellular',
  'audifnos',
  'inalambrcos',
  'ergonomca',
  'escritoro',
  'escrittorio',
  'plegabe',
  'microondaz',
  'mircoondas',
  'neveera',
  'pequeeña',
  'capotta',
  'corrrer',
  'futbool',
  'guitara',
  'guitarrra',
  'acustca',
  'teclaado',
  'musicall',
  'laboratrio',
  'microscpio',
  'microscopo',
  'lamparra',
  'monitr',
  'tablett',
  'moral',
  'patinetta',
  'electrca',
  'cafeteraa',
  'cafetra',
  'apuntess',
  'fisicaa',
  'raquetta',
  'impresorra',
  'impresra',
  'samsumg',
  'lenvo',
  'xiaommi',
  'yamahha',
  'adiddas',
  'calculdora casio',
  'guitara yamaha',
  'impresra hp',
  'bicicleeta montaña',
  'portatl lenovo',
  'audifnos sony',
  'celualr samsung',
  'escritoro plegable',
  'monitr lg',
  'tablett xiaomi',
  'cafetra usada',
  'microscpio original',
];

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};

const searchUrl = (base, word) =>
  `${base}/api/products?search=${encodeURIComponent(word)}&isSold=false&page=0&size=12`;

const measure = async (base) => {
  // Warm-up with correctly spelt words (the first queries of a process pay for plans).
  for (const word of ['mesa', 'bolso', 'reloj', 'camiseta', 'cuaderno', 'parlante']) {
    await (await fetch(searchUrl(base, word))).arrayBuffer();
  }
  const times = [];
  let found = 0;
  for (const word of TYPO_QUERIES) {
    const started = performance.now();
    const response = await fetch(searchUrl(base, word));
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${word}: ${response.status}`);
    times.push({ word, ms });
    if (Number(response.headers.get('x-total-count')) > 0) found += 1;
  }
  const values = times.map((time) => time.ms);
  return {
    count: values.length,
    found,
    p50: percentile(values, 0.5),
    p95: percentile(values, 0.95),
    max: Math.max(...values),
    slowest: times.reduce((a, b) => (b.ms > a.ms ? b : a)).word,
  };
};

const cleanups = [];
let markdown;
try {
  const database = await createBenchDatabase({
    adminUrl,
    prefix: 'unimercado_typo_bench',
    cleanups,
  });
  if (!database) {
    console.warn('Typo-search bench left out: no PostgreSQL.');
    process.exit(0);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-typo-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    [serverEntry],
    productEnv(port, dataDir, { DATABASE_URL: database.url, LOG_LEVEL: 'warn' }),
    `${base}/readyz`,
  );
  cleanups.push(() => stopProcess(child));
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
  const loadBefore = loadavg()[0];
  await client.query(seedSql());
  await client.query('analyze');
  const result = await measure(base);
  const loadAfter = loadavg()[0];

  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after (the machine is shared)`;
  const ms = (value) => `${value.toFixed(1)} ms`;
  markdown = [
    '<!-- typo-search-bench:start (written by `npm run bench`, scripts/bench/typo-search.mjs) -->',
    '## Search with a typo (100,000 products)',
    '',
    `Measured on ${new Date().toISOString()}. Machine: ${machine}. Built product`,
    "(`NODE_ENV=production`, `LOG_LEVEL=warn`), PostgreSQL, the listings bench's bulk seed",
    `(${PRODUCT_COUNT.toLocaleString('en-US')} products, 26 kinds of title). ${result.count} misspelt searches (a letter`,
    'dropped, doubled or changed; some with a second, correct word), each once, one after the',
    'other, as the search page asks (available products, first page of 12, by relevance): round',
    'trips on loopback. Decision 097.',
    '',
    '| what | database | result | goal |',
    '| --- | --- | --- | --- |',
    `| search with a typo, ${result.count} different queries (${result.found} with results) | PostgreSQL | p50 ${ms(result.p50)}, **p95 ${ms(result.p95)}**, max ${ms(result.max)} («${result.slowest}») | p95 < 30 ms ${result.p95 < 30 ? '✅' : '❌'} |`,
    '<!-- typo-search-bench:end -->',
  ].join('\n');
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

if (markdown) {
  writeBenchmarkSection('typo-search-bench', markdown);
  console.log(markdown);
}
