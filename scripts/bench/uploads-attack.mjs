// The hostile-uploads figures of `npm run bench` (issue 18, decision 041), written to their own
// section of docs/benchmarks.md. Also runs alone: `node scripts/bench/uploads-attack.mjs` (after
// `npm run build`).
//
// What it reproduces: one member sends six uploads at once, each of three 7200×7200 PNGs at 16 bits
// per channel (about 0.45 MB each as sent, 311 MB each decoded, 51.8 megapixels: under the pixel
// limit), and sends the next one whenever one is answered (after a refusal it waits 1 s, so it
// keeps its allowance full rather than spinning). Meanwhile other members sign in four times a
// second and another uploads ordinary photos (a 1600×1200 JPEG) one at a time, one a second at
// most. A second scenario does the same with the largest PNG the limits still admit (7200×7200 at
// 8 bits, 155.5 MB decoded), from two accounts of three lanes each.
//
// Each run starts the built product afresh (`NODE_ENV=production`, PGlite, loopback only, so
// per-account counters and memory start clean): BENCH_BASELINE_SECONDS without the attack (the
// baseline, same run), then BENCH_ATTACK_SECONDS with it; the sign-ins and photos sent during the
// attack window count, each until it is answered, however long after the window that is. The
// figures are the medians of BENCH_UPLOADS_RUNS runs; the machine's load average is shown beside.
// Memory is the server's resident set (/proc/<pid>/status): its peak during the attack minus its
// size just before.
//
// Settings: BENCH_UPLOADS_PORT (default 3330), BENCH_UPLOADS_RUNS (default 3),
// BENCH_BASELINE_SECONDS (default 5), BENCH_ATTACK_SECONDS (default 15), BENCH_SERVER_ENTRY (another
// build's dist/server.js, e.g. of an older commit: its figures are printed, docs/ is left alone).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  openEmbeddedDatabase,
  productEnv,
  sleep,
  startProcess,
  stopProcess,
  writeBenchmarkSection,
} from './support.mjs';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const ownEntry = join(root, 'apps/server/dist/server.js');
const serverEntry = process.env.BENCH_SERVER_ENTRY
  ? resolve(process.env.BENCH_SERVER_ENTRY)
  : ownEntry;
if (!existsSync(serverEntry)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const writeDocs = serverEntry === ownEntry;
const port = Number(process.env.BENCH_UPLOADS_PORT ?? 3330);
const runs = Number(process.env.BENCH_UPLOADS_RUNS ?? 3);
const baselineSeconds = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
const attackSeconds = Number(process.env.BENCH_ATTACK_SECONDS ?? 15);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'clave-de-prueba-123';
const LOGIN_EVERY_MS = 250;
/**
 * Sign-ins rotate over this many accounts: as many people sign in, and the per-account allowance
 * of attempts in flight (10, counted before the password is checked) is never what is measured.
 */
const SIGNERS = 16;
const MEMBER_UPLOAD_EVERY_MS = 1000;

// --- images -----------------------------------------------------------------------------------

const { default: sharp } = await import('sharp');

/** A flat 7200×7200 PNG (flat colour deflates to almost nothing). */
const hostilePng = (background, bits) => {
  const image = sharp({ create: { width: 7200, height: 7200, channels: 3, background } });
  return (bits === 16 ? image.toColourspace('rgb16') : image)
    .png({ compressionLevel: 9 })
    .toBuffer();
};

/** An ordinary phone-like photo: 1600×1200 JPEG with some texture. */
const ordinaryPhoto = async () => {
  const { data, info } = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#5d7ea8',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .blur(1.1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info }).jpeg({ quality: 85 }).toBuffer();
};

// --- HTTP -------------------------------------------------------------------------------------

const post = async (path, init) => {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, { method: 'POST', ...init });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch (error) {
    return {
      status: `error (${error.cause?.code ?? error.message})`,
      ms: performance.now() - started,
    };
  }
};

const json = (body) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const login = (email) => post('/api/auth/login', json({ email, password: PASSWORD }));

const token = async (email) => {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    ...json({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return (await response.json()).token;
};

const upload = (accessToken, files) => {
  const form = new FormData();
  files.forEach(({ data, name, type }) => form.append('files', new Blob([data], { type }), name));
  return post('/api/products/upload-images', {
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
};

// --- one run ----------------------------------------------------------------------------------

const rssBytes = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

const percentile = (values, share) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};
const median = (values) => percentile(values, 0.5);

/**
 * For `seconds`: a sign-in every LOGIN_EVERY_MS (whether the earlier ones are answered or not:
 * they are different people) and the member's photos, one at a time, each sent
 * MEMBER_UPLOAD_EVERY_MS after the previous one or as soon as it is answered if that is later (one
 * person waiting for each photo, so a slow machine does not pile up the member's own photos);
 * answers every result once all are answered.
 */
const probe = async (seconds, accounts) => {
  const end = performance.now() + seconds * 1000;
  const signIns = async () => {
    const logins = [];
    for (let next = performance.now(); next < end; next += LOGIN_EVERY_MS) {
      logins.push(login(accounts.signers[logins.length % accounts.signers.length]));
      await sleep(Math.max(0, next + LOGIN_EVERY_MS - performance.now()));
    }
    return Promise.all(logins);
  };
  const photos = async () => {
    const uploads = [];
    while (performance.now() < end) {
      const sent = performance.now();
      uploads.push(await upload(accounts.memberToken, [accounts.photo]));
      await sleep(Math.max(0, sent + MEMBER_UPLOAD_EVERY_MS - performance.now()));
    }
    return uploads;
  };
  const [logins, uploads] = await Promise.all([signIns(), photos()]);
  return { logins, uploads };
};

/** Attack lanes: each sends the hostile upload again as soon as it is answered, while `on()`. */
const attack = (lanes, files, on) => {
  const answers = [];
  const lane = async (accessToken) => {
    while (on()) {
      const answer = await upload(accessToken, files);
      answers.push(answer);
      if (answer.status !== 201) await sleep(1000);
    }
  };
  return { answers, done: Promise.all(lanes.map(lane)) };
};

const countStatuses = (answers) => {
  const counts = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const oneRun = async (dataDir, accounts, scenario) => {
  const child = await startProcess(
    [serverEntry],
    productEnv(port, dataDir, { LOG_LEVEL: 'warn', DATABASE_URL: '' }),
    `${base}/readyz`,
  );
  try {
    const memberToken = await token(accounts.member);
    const attackerTokens = await Promise.all(accounts.attackers.map(token));
    const probeAccounts = { signers: accounts.signers, memberToken, photo: accounts.photo };
    await upload(memberToken, [accounts.photo]); // warm-up: sharp's first use
    await login(accounts.signers[0]);

    const loadBefore = loadavg()[0];
    const baseline = await probe(baselineSeconds, probeAccounts);

    const rssBefore = rssBytes(child.pid);
    let rssPeak = rssBefore;
    const memory = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssBytes(child.pid));
    }, 100);
    const started = performance.now();
    let attacking = true;
    const lanes = scenario.lanes(attackerTokens);
    const hostile = attack(lanes, scenario.files, () => attacking);
    const during = await probe(attackSeconds, probeAccounts);
    attacking = false;
    await hostile.done;
    clearInterval(memory);
    const loadAfter = loadavg()[0];
    return {
      baseline,
      during,
      attack: {
        statuses: countStatuses(hostile.answers),
        longest: Math.max(...hostile.answers.map((answer) => answer.ms)),
        seconds: (performance.now() - started) / 1000,
      },
      rssGrowth: rssPeak - rssBefore,
      load: [loadBefore, loadAfter],
    };
  } finally {
    await stopProcess(child);
  }
};

// --- scenarios --------------------------------------------------------------------------------

const register = async (email) => {
  const answer = await post(
    '/api/users',
    json({ name: 'Bench', email, phone: null, password: PASSWORD, confirmPassword: PASSWORD }),
  );
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`register answered ${answer.status}`);
};

/** Accounts on a new embedded database, verified directly in it while the server is stopped. */
const prepareAccounts = async (dataDir) => {
  const stamp = Date.now();
  const accounts = {
    signers: Array.from({ length: SIGNERS }, (_, n) => `firmante${n}.${stamp}@bench.test`),
    member: `miembro.${stamp}@bench.test`,
    attackers: [`atacante1.${stamp}@bench.test`, `atacante2.${stamp}@bench.test`],
  };
  const child = await startProcess(
    [serverEntry],
    productEnv(port, dataDir, { LOG_LEVEL: 'warn', DATABASE_URL: '' }),
    `${base}/readyz`,
  );
  try {
    for (const email of [...accounts.signers, accounts.member, ...accounts.attackers]) {
      await register(email);
    }
  } finally {
    await stopProcess(child);
  }
  const db = await openEmbeddedDatabase(dataDir);
  await db.query(
    "update users set email_verified_at = now(), first_verified_at = now() where email like '%@bench.test'",
  );
  await db.close();
  return accounts;
};

const summarise = (results) => {
  const pick = (fn) => median(results.map(fn));
  const ms = (value) =>
    Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : '—';
  const loginsOk = (logins) =>
    logins.filter((answer) => answer.status === 200).map((answer) => answer.ms);
  const uploadsOk = (uploads) =>
    uploads.filter((answer) => answer.status === 201).map((answer) => answer.ms);
  const statusText = (list) =>
    Object.entries(countStatuses(list))
      .map(([status, count]) => `${count}× ${status}`)
      .join(', ');
  const last = results[results.length - 1];
  return {
    baselineLoginP95: ms(pick((r) => percentile(loginsOk(r.baseline.logins), 0.95))),
    baselineLoginP50: ms(pick((r) => percentile(loginsOk(r.baseline.logins), 0.5))),
    baselineUpload: ms(pick((r) => median(uploadsOk(r.baseline.uploads)))),
    loginP95: ms(pick((r) => percentile(loginsOk(r.during.logins), 0.95))),
    loginP50: ms(pick((r) => percentile(loginsOk(r.during.logins), 0.5))),
    loginMax: ms(pick((r) => Math.max(...r.during.logins.map((answer) => answer.ms)))),
    upload: ms(pick((r) => median(uploadsOk(r.during.uploads)))),
    uploadMax: ms(pick((r) => Math.max(...r.during.uploads.map((answer) => answer.ms)))),
    loginsAnswered: `${statusText(last.during.logins)}`,
    uploadsAnswered: `${statusText(last.during.uploads)}`,
    attack: `${statusText(Object.entries(last.attack.statuses).flatMap(([status, count]) => Array(count).fill({ status })))}; longest ${ms(last.attack.longest)}; over after ${last.attack.seconds.toFixed(1)} s`,
    attackLongest: ms(pick((r) => r.attack.longest)),
    rss: `${(pick((r) => r.rssGrowth) / 2 ** 20).toFixed(0)} MB`,
    load: results.map((r) => `${r.load[0].toFixed(1)}→${r.load[1].toFixed(1)}`).join(', '),
  };
};

const cleanups = [];
const summaries = [];
try {
  console.log('Making the images...');
  const photo = { data: await ordinaryPhoto(), name: 'foto.jpg', type: 'image/jpeg' };
  const png16 = await Promise.all(
    ['#7a5c3e', '#3e5c7a', '#5c7a3e'].map((colour, index) =>
      hostilePng(colour, 16).then((data) => ({
        data,
        name: `hostil-${index + 1}.png`,
        type: 'image/png',
      })),
    ),
  );
  const png8 = await Promise.all(
    ['#7a5c3e', '#3e5c7a', '#5c7a3e'].map((colour, index) =>
      hostilePng(colour, 8).then((data) => ({
        data,
        name: `grande-${index + 1}.png`,
        type: 'image/png',
      })),
    ),
  );
  const kb = (files) =>
    files.map((file) => `${(file.data.length / 1024).toFixed(0)} KB`).join(', ');
  const scenarios = [
    {
      what: `six uploads at once from one member, each of three 7200×7200 16-bit PNGs (${kb(png16)}; 311 MB each decoded)`,
      files: png16,
      lanes: ([first]) => Array(6).fill(first),
    },
    {
      what: `three uploads at once from each of two members, each of three 7200×7200 8-bit PNGs (${kb(png8)}; 155.5 MB each decoded: the largest admitted)`,
      files: png8,
      lanes: ([first, second]) => [...Array(3).fill(first), ...Array(3).fill(second)],
    },
  ];
  for (const scenario of scenarios) {
    const dataDir = mkdtempSync(join(tmpdir(), 'unimercado-uploads-bench-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const accounts = { ...(await prepareAccounts(dataDir)), photo };
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      console.log(`${scenario.what}: run ${run + 1} of ${runs}...`);
      results.push(await oneRun(dataDir, accounts, scenario));
    }
    summaries.push({ what: scenario.what, ...summarise(results) });
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const rows = summaries.flatMap((s) => [
  `| ${s.what} | sign-in p95 (p50) | ${s.baselineLoginP95} (${s.baselineLoginP50}) | **${s.loginP95}** (${s.loginP50}); slowest ${s.loginMax}; last run: ${s.loginsAnswered} | ${s.load} |`,
  `| | another member's photo (1600×1200 JPEG), median | ${s.baselineUpload} | **${s.upload}**; slowest ${s.uploadMax}; last run: ${s.uploadsAnswered} | |`,
  `| | the attack's own answers | — | last run: ${s.attack}; longest (median of runs) ${s.attackLongest} | |`,
  `| | server memory growth (peak resident set) | — | ${s.rss} | |`,
]);
const markdown = [
  '<!-- uploads-attack-bench:start (written by `npm run bench`, scripts/bench/uploads-attack.mjs) -->',
  '## Hostile uploads (photo work against sign-ins and other members)',
  '',
  `Measured on ${new Date().toISOString()}${writeDocs ? '' : ` against ${serverEntry}`}. Machine: ${machine}; the machine is shared, load average (1 min) before→after each run's attack shown. Built product (\`NODE_ENV=production\`, PGlite), loopback only, a fresh server per run, median of ${runs} runs. Each run: ${baselineSeconds} s without the attack (baseline), then ${attackSeconds} s with it; a sign-in every ${LOGIN_EVERY_MS} ms (${SIGNERS} accounts in turn) and another member's photos one at a time (at most one a second), each timed until answered. Attackers send again as soon as answered (1 s after a refusal). Decision 041.`,
  '',
  '| attack | measure | without attack | during the attack | load |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
  '<!-- uploads-attack-bench:end -->',
].join('\n');

if (writeDocs) {
  writeBenchmarkSection('uploads-attack-bench', markdown);
}
console.log(markdown);
