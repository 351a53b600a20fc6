/* global window, document, MutationObserver -- used by the functions handed to the browser page */
// The listings figures of `npm run bench` (issue 8), written to their own section of
// docs/benchmarks.md. Also runs alone: `node scripts/bench/listings.mjs` (after `npm run build`).
//
// - 100,000 products (with a photo each, 10 % sold) seeded in bulk, on PostgreSQL (a throw-away
//   database created and dropped here) and on PGlite.
// - GET /api/products/available?page=0&size=12, anonymous: autocannon against the product and a
//   bare Fastify hello-world measured just before it (same connections); the median ratio of
//   BENCH_ROUNDS rounds counts.
// - A search with text and two filters: 60 different queries (common and rare words), each once,
//   one after the other; the time is the round trip on loopback (an upper bound of server time).
// - GET /api/categories: requests answered versus database transactions counted by PostgreSQL.
// - Uploading three photos of about 1 MB each (checked, re-encoded, two sizes, stored).
// - JavaScript loaded before /products and /products/{id} show their content (Chromium), brotli.
//
// Settings: BENCH_DURATION (s, default 5), BENCH_ROUNDS (default 3), BENCH_LISTINGS_PORT (first of
// three ports, default 3294), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// "skip" leaves PostgreSQL out), BENCH_DATABASE_PREFIX (name prefix of the throw-away database,
// default unimercado_listings_bench).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import pg from 'pg';
import { PRODUCT_COUNT, searchQueries, seedSql } from './listings-seed.mjs';
import {
  createBenchDatabase,
  createLoadTools,
  openEmbeddedDatabase,
  productEnv,
  registerMember,
  sleep,
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
const firstPort = Number(process.env.BENCH_LISTINGS_PORT ?? 3294);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const connections = 50;

const cleanups = [];
const { startHello, measurePaired } = createLoadTools({ connections, duration, rounds, cleanups });

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};

const measureSearch = async (base) => {
  // Warm-up with other words (the first queries of a process pay for plans and code paths).
  for (const word of ['mesa', 'bolso', 'reloj', 'camiseta', 'cuaderno', 'parlante']) {
    await (
      await fetch(`${base}/api/products?search=${word}&categoryId=2&maxPrice=900000`)
    ).arrayBuffer();
  }
  const times = [];
  let found = 0;
  for (const query of searchQueries()) {
    const started = performance.now();
    const response = await fetch(`${base}/api/products?${query}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (Number(response.headers.get('x-total-count')) > 0) found += 1;
  }
  return {
    count: times.length,
    found,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
  };
};

const availableUrl = (base) => `${base}/api/products/available?page=0&size=12`;

// --- uploads ------------------------------------------------------------------------------------

/** Three phone-like photos of just under 1 MB each (JPEG). */
const makePhotos = async () => {
  const { default: sharp } = await import('sharp');
  const photos = [];
  for (let n = 0; n < 3; n += 1) {
    const base = sharp({
      create: {
        // 12 megapixels, like a phone's camera.
        width: 4000,
        height: 3000,
        channels: 3,
        background: ['#5d7ea8', '#a8865d', '#6fa85d'][n],
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    });
    const raw = await base.blur(1.1).raw().toBuffer({ resolveWithObject: true });
    let quality = 96;
    let jpeg;
    do {
      jpeg = await sharp(raw.data, { raw: raw.info }).jpeg({ quality }).toBuffer();
      quality -= 2;
    } while (jpeg.length > 1024 * 1024 - 2048 && quality > 20);
    photos.push(jpeg);
  }
  return photos;
};

const uploadOnce = async (base, token, photos) => {
  const form = new FormData();
  photos.forEach((photo, index) =>
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), `foto-${index + 1}.jpg`),
  );
  const started = performance.now();
  const response = await fetch(`${base}/api/products/upload-images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  return performance.now() - started;
};

/** A verified account straight in the database (the bench does not read the mail outbox). */
const benchAccount = async (base, verify) =>
  (await registerMember(base, { prefix: 'uploader', verify })).token;

// --- JavaScript before the first render -------------------------------------------------------

/**
 * In the page, before any of its code: the time (performance.now()) at which each watched moment
 * first happens. `watch` is a list of [name, css selector, text the element must hold or '']; the
 * selector `html[data-hydrated]` is the app's mark once it has hydrated the server's page
 * (components/errors/route-boundary.tsx, decision 045).
 */
const watchFirstRender = (watch) => {
  const seen = {};
  window.__firstSeen = seen;
  const check = () => {
    for (const [name, selector, text] of watch) {
      if (seen[name] !== undefined) continue;
      for (const element of document.querySelectorAll(selector)) {
        if (element !== document.documentElement && element.getClientRects().length === 0) continue;
        if (text && !element.textContent?.includes(text)) continue;
        seen[name] = performance.now();
        break;
      }
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
  });
};

const measureJs = async (base, productId) => {
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'],
  });
  const results = {};
  try {
    // [label, path, moments]: each moment is what shows (a CSS selector and the text it holds)
    // and whether the JavaScript goal applies. A visitor without a session gets the page rendered
    // by the server with its data, which shows before any JavaScript; the goal is what the app
    // needs before it has hydrated that page (decision 045; issue 19: ≤ 155 KB on public pages).
    const HYDRATED = 'html[data-hydrated]';
    for (const [label, path, moments] of [
      [
        '/products',
        '/products',
        [
          ['first product card (in the HTML)', 'main a[href^="/products/"]', '', false],
          ['page hydrated', HYDRATED, '', true],
        ],
      ],
      [
        '/products/{id}',
        `/products/${productId}`,
        [
          ['product (its title, in the HTML)', 'h1', '', false],
          ['page hydrated', HYDRATED, '', true],
        ],
      ],
    ]) {
      const page = await browser.newPage();
      await page.addInitScript(
        watchFirstRender,
        moments.map(([moment, selector, text]) => [moment, selector, text]),
      );
      const scripts = new Map();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        try {
          scripts.set(response.url(), await response.body());
        } catch {
          // a redirect or an aborted load carries no body
        }
      });
      await page.goto(`${base}${path}`);
      await page.waitForFunction(
        (count) => Object.keys(window.__firstSeen ?? {}).length === count,
        moments.length,
      );
      await page.waitForLoadState('networkidle');
      // The scripts whose answer had fully arrived when each moment first rendered (Resource
      // Timing, the page's own clock): code fetched later, or still arriving, does not count.
      const timings = await page.evaluate(() => ({
        seen: window.__firstSeen,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js(?:\?|$)/.test(entry.name))
          .map((entry) => ({ url: entry.name, end: entry.responseEnd })),
      }));
      for (const [moment, , , isGoal] of moments) {
        const renderedAt = timings.seen[moment];
        const bodies = timings.scripts
          .filter((script) => script.end <= renderedAt)
          .map((script) => scripts.get(script.url))
          .filter(Boolean);
        results[`${label}|${moment}`] = {
          path: label,
          moment,
          isGoal,
          files: bodies.length,
          brotli: bodies.reduce(
            (sum, body) =>
              sum +
              brotliCompressSync(body, {
                params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
              }).length,
            0,
          ),
          gzip: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
          raw: bodies.reduce((sum, body) => sum + body.length, 0),
        };
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
};

// --- one database -----------------------------------------------------------------------------

const measurePostgres = async (port, measureHello) => {
  const database = await createBenchDatabase({
    adminUrl,
    prefix: process.env.BENCH_DATABASE_PREFIX ?? 'unimercado_listings_bench',
    cleanups,
  });
  if (!database) return undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-listings-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  // The server creates the tables at start-up; the seed then fills them in bulk.
  const child = await startProcess(
    [serverEntry],
    productEnv(port, dataDir, { DATABASE_URL: database.url, LOG_LEVEL: 'warn' }),
    `${base}/readyz`,
  );
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(seedSql());
    const seedMs = performance.now() - started;
    await client.query('analyze');
    const available = await measurePaired(availableUrl(base), measureHello);
    const search = await measureSearch(base);

    // Categories: how many transactions the database counted while they were served.
    const transactions = async () => {
      await sleep(1200); // statistics are flushed about once a second
      const { rows } = await client.query(
        'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
        [database.name],
      );
      return Number(rows[0].count);
    };
    const before = await transactions();
    const categories = await measurePaired(`${base}/api/categories`, measureHello);
    const after = await transactions();

    const token = await benchAccount(base, (email) =>
      client.query('update users set email_verified_at = now() where email = $1', [email]),
    );
    const photos = await makePhotos();
    await uploadOnce(base, token, photos); // warm-up (sharp's first use)
    const uploads = [];
    for (let run = 0; run < 5; run += 1) uploads.push(await uploadOnce(base, token, photos));
    const { rows } = await client.query(
      'select id from products where not is_sold order by id desc limit 1',
    );
    const js = await measureJs(base, rows[0].id);
    return {
      label: 'PostgreSQL',
      seedMs,
      available,
      search,
      categories: { ...categories, transactions: after - before },
      uploads: { sizes: photos.map((photo) => photo.length), runs: uploads },
      js,
    };
  } finally {
    await client.end();
    await stopProcess(child);
  }
};

const measurePglite = async (port, measureHello) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-listings-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const env = productEnv(port, dataDir, { DATABASE_URL: '', LOG_LEVEL: 'warn' });
  // First start creates and migrates the embedded database; it is then seeded while stopped (an
  // embedded database has one process), and started again.
  await stopProcess(await startProcess([serverEntry], env, `${base}/readyz`));
  const db = await openEmbeddedDatabase(dataDir);
  const started = performance.now();
  await db.exec(seedSql());
  const seedMs = performance.now() - started;
  await db.exec('analyze');
  await db.close();
  const child = await startProcess([serverEntry], env, `${base}/readyz`);
  try {
    return {
      label: 'PGlite',
      seedMs,
      available: await measurePaired(availableUrl(base), measureHello),
      search: await measureSearch(base),
    };
  } finally {
    await stopProcess(child);
  }
};

// --- the report -------------------------------------------------------------------------------

const fmt = (value) => Math.round(value).toLocaleString('en-US');
const ms = (value) => `${value.toFixed(1)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let markdown;
try {
  const measureHello = await startHello(firstPort);
  const results = [];
  const postgres = await measurePostgres(firstPort + 1, measureHello);
  if (postgres) results.push(postgres);
  results.push(await measurePglite(firstPort + 2, measureHello));

  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the end (the machine is shared)`;
  const rows = [];
  for (const result of results) {
    const isPg = result.label === 'PostgreSQL';
    rows.push(
      `| seed ${fmt(PRODUCT_COUNT)} products (one photo each) in bulk | ${result.label} | ${(result.seedMs / 1000).toFixed(1)} s | < 60 s ${result.seedMs < 60_000 ? '✅' : '❌'} |`,
    );
    const a = result.available;
    rows.push(
      `| \`GET /api/products/available?page=0&size=12\`, anonymous | ${result.label} | ${fmt(a.rps)} req/s (p50 ${a.p50} ms, p99 ${a.p99} ms, failed ${a.failures}); hello-world ${fmt(a.hello)} req/s: **${a.ratio.toFixed(3)}×** | ${isPg ? `≥ 0.333× ${a.ratio >= 1 / 3 ? '✅' : '❌'}` : '—'} |`,
    );
    const s = result.search;
    rows.push(
      `| search with text and two filters, ${s.count} different queries (${s.found} with results) | ${result.label} | p50 ${ms(s.p50)}, **p95 ${ms(s.p95)}**, max ${ms(s.max)} | ${isPg ? `p95 < 20 ms ${s.p95 < 20 ? '✅' : '❌'}` : '—'} |`,
    );
  }
  if (postgres) {
    const c = postgres.categories;
    rows.push(
      `| \`GET /api/categories\` | PostgreSQL | ${fmt(c.rps)} req/s (${c.ratio.toFixed(3)}× the hello-world: the app's request path with no work of its own); ${fmt(c.totalRequests)} requests answered while the database counted ${fmt(c.transactions)} transactions | no round trip per request ${c.transactions < c.totalRequests / 100 ? '✅' : '❌'} |`,
    );
    const u = postgres.uploads;
    const sorted = [...u.runs].sort((x, y) => x - y);
    rows.push(
      `| upload of three photos (${u.sizes.map(kb).join(', ')} JPEG; checked, re-encoded to two WebP sizes, stored) | PostgreSQL | median ${ms(sorted[2])}, worst ${ms(sorted[4])} (5 runs) | < 400 ms ${sorted[2] < 400 ? '✅' : '❌'} |`,
    );
    for (const js of Object.values(postgres.js)) {
      const goal = js.isGoal ? `≤ 155 KB as sent ${js.brotli <= 155 * 1024 ? '✅' : '❌'}` : '—';
      rows.push(
        `| JavaScript received by \`${js.path}\`'s ${js.moment} | Chromium | ${js.files} files, **${kb(js.brotli)} brotli**, ${kb(js.gzip)} gzip (${kb(js.raw)} uncompressed) | ${goal} |`,
      );
    }
  }
  markdown = [
    '<!-- listings-bench:start (written by `npm run bench`, scripts/bench/listings.mjs) -->',
    '## Listings (100,000 products)',
    '',
    `Measured on ${new Date().toISOString()}. Machine: ${machine}. Built product (\`NODE_ENV=production\`, \`LOG_LEVEL=warn\`: no request lines),`,
    `loopback only. autocannon with ${connections} connections; the available page is compared with a`,
    `bare Fastify hello-world measured just before it (${rounds} rounds of ${duration} s, the median ratio`,
    'shown). Search times are round trips of single requests one after the other (each query once, so',
    'none is answered from the cache). The JavaScript is what Chromium had fully received (Resource Timing) when the',
    "product (a card, a title) first showed, which the server's page holds before any code, and when",
    "the app had hydrated the page (decision 045): the entry, the page's code and its parts, brotli at quality 11 as the server sends",
    'its precompressed assets (gzip at level 9, as the build makes them, for browsers without brotli). The available page is answered from memory like the categories: both ratios measure the',
    'request path every route shares (security headers, logging, an ~8 KB answer for the page).',
    '',
    '| what | database | result | goal |',
    '| --- | --- | --- | --- |',
    ...rows,
    '<!-- listings-bench:end -->',
  ].join('\n');
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

writeBenchmarkSection('listings-bench', markdown);
console.log(markdown);
