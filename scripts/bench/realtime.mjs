// Real-time load test (issue 10), run by scripts/bench.mjs or alone with `node scripts/bench/realtime.mjs`
// after `npm run build`: 2,000 concurrent STOMP connections exchanging 500 messages per second,
// first on one instance, then on two instances sharing PostgreSQL and Redis (senders on one,
// receivers on the other). Reports delivery latency (send to the receiver's MESSAGE frame), loss
// and the server's memory per connection. Needs the machine's PostgreSQL (it creates and drops its
// own database) and Redis (keys under a unique prefix); loopback only, bounded in time.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { WebSocket } from 'ws';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
// The project's one STOMP codec (packages/shared/src/stomp.ts).
const { encodeFrame, StompDecoder } = await tsImport(
  join(root, 'packages/shared/src/stomp.ts'),
  import.meta.url,
);

const CONNECTIONS = 2000;
const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 20_000);
const PORTS = [3240, 3241];
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = `http://127.0.0.1:${PORTS[0]}`;
const JWT_SECRET = randomBytes(32).toString('hex');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const withDatabase = (url, name) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

const rssKb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
};

const startInstance = async (port, env) => {
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
    await sleep(50);
  }
};

const stopInstance = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const signToken = (user) =>
  new SignJWT({ id: user.id, email: user.email, name: user.name, roles: ['ROLE_USER'], tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(PUBLIC_URL)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));

/** One STOMP client on a raw socket: CONNECT, SUBSCRIBE with a receipt, then MESSAGE frames. */
const openClient = (port, token, onMessage) =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, ['v12.stomp']);
    const decoder = new StompDecoder(64 * 1024);
    const timer = setTimeout(() => reject(new Error('connect timeout')), 30_000);
    socket.on('error', reject);
    socket.on('open', () =>
      socket.send(
        encodeFrame({
          command: 'CONNECT',
          headers: {
            'accept-version': '1.2',
            host: '127.0.0.1',
            'heart-beat': '0,0',
            Authorization: `Bearer ${token}`,
          },
          body: '',
        }),
      ),
    );
    socket.on('message', (data) => {
      for (const event of decoder.push(data)) {
        if (event.kind !== 'frame') continue;
        const { command, headers, body } = event.frame;
        if (command === 'CONNECTED') {
          socket.send(
            encodeFrame({
              command: 'SUBSCRIBE',
              headers: { id: 'm', destination: '/user/queue/messages', receipt: 'ready' },
              body: '',
            }),
          );
        } else if (command === 'RECEIPT' && headers['receipt-id'] === 'ready') {
          clearTimeout(timer);
          resolve(socket);
        } else if (command === 'MESSAGE') {
          onMessage(body);
        } else if (command === 'ERROR') {
          reject(new Error(headers.message));
        }
      }
    });
  });

/** Opens `count` clients in batches, so the server is not asked for 2,000 handshakes at once. */
const openMany = async (specs) => {
  const sockets = [];
  for (let i = 0; i < specs.length; i += 100) {
    sockets.push(...(await Promise.all(specs.slice(i, i + 100).map((spec) => spec()))));
  }
  return sockets;
};

const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Users 0..N-1; user i writes to user (i + N/2) mod N. `portOf(i)` picks each user's instance.
 * Sends RATE messages per second for DURATION_MS and waits for the stragglers.
 */
const runScenario = async (users, portOf, pids) => {
  const half = users.length / 2;
  const sentAt = new Map();
  const latencies = [];
  const delivered = new Set();
  let echoes = 0;
  const rssBefore = pids.map(rssKb);
  const sockets = await openMany(
    users.map(
      (user, index) => () =>
        openClient(portOf(index), user.token, (body) => {
          const message = JSON.parse(body);
          const seq = Number(message.content.slice(6));
          if (message.receiverId === user.id) {
            if (!delivered.has(seq) && sentAt.has(seq)) {
              delivered.add(seq);
              latencies.push(performance.now() - sentAt.get(seq));
            }
          } else {
            echoes += 1;
          }
        }),
    ),
  );
  await sleep(2_000);
  const rssAfter = pids.map(rssKb);
  const perConnectionKb =
    (rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) / users.length;

  const total = Math.round((RATE * DURATION_MS) / 1000);
  let seq = 0;
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      while (seq < due) {
        const from = seq % users.length;
        const to = (from + half) % users.length;
        sentAt.set(seq, performance.now());
        sockets[from].send(
          encodeFrame({
            command: 'SEND',
            headers: { destination: '/app/chat.private', 'content-type': 'application/json' },
            body: JSON.stringify({ receiverId: users[to].id, content: `bench ${seq}` }),
          }),
        );
        seq += 1;
      }
      if (seq >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const sendSeconds = (performance.now() - started) / 1000;
  const load = loadavg()[0];
  const drainDeadline = performance.now() + 10_000;
  while (delivered.size < total && performance.now() < drainDeadline) await sleep(100);
  const rssPeak = pids.map(rssKb);
  for (const socket of sockets) socket.terminate();
  latencies.sort((a, b) => a - b);
  return {
    connections: sockets.length,
    sent: total,
    rate: total / sendSeconds,
    delivered: delivered.size,
    lost: total - delivered.size,
    echoes,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    perConnectionKb,
    rssMb: rssPeak.map((kb) => kb / 1024),
    load,
  };
};

export const runRealtimeBench = async () => {
  const database = `um_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    PUBLIC_URL,
    DATABASE_URL: withDatabase(PG_ADMIN, database),
    REDIS_URL,
    REDIS_PREFIX: `um:bench:${randomBytes(4).toString('hex')}:`,
  };
  const children = [];
  try {
    const first = await startInstance(PORTS[0], env);
    children.push(first);
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    const { rows } = await db.query(
      `insert into users (name, email, password_hash, email_verified_at)
       select 'Bench ' || i, 'bench' || i || '@bench.test', '!bench', now()
       from generate_series(1, $1) as i returning id, name, email`,
      [CONNECTIONS],
    );
    await db.end();
    const users = await Promise.all(
      rows.map(async (user) => ({ ...user, token: await signToken(user) })),
    );

    const one = await runScenario(users, () => PORTS[0], [first.pid]);
    const second = await startInstance(PORTS[1], env);
    children.push(second);
    const half = users.length / 2;
    const two = await runScenario(users, (index) => (index < half ? PORTS[0] : PORTS[1]), [
      first.pid,
      second.pid,
    ]);
    return { one, two };
  } finally {
    await Promise.all(children.map(stopInstance));
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
};

const row = (label, r) => [
  label,
  `${r.connections} connections, ${r.sent} messages at ${r.rate.toFixed(0)}/s; delivered ${r.delivered}, lost ${r.lost}; latency p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; server memory ${r.perConnectionKb > 0 ? `≈ ${r.perConnectionKb.toFixed(1)} KB per connection` : 'per connection not measurable in this run (a garbage collection freed more than the connections took)'} (RSS ${r.rssMb.map((mb) => `${mb.toFixed(0)} MB`).join(' + ')}); machine load average ${r.load.toFixed(1)} on ${cpus().length} cores`,
  `p99 < 50 ms ${r.p99 < 50 ? '✅' : '❌'}, no loss ${r.lost === 0 ? '✅' : '❌'}`,
];

/** Table rows for docs/benchmarks.md: [what, result, budget]. */
export const realtimeRows = async () => {
  try {
    const { one, two } = await runRealtimeBench();
    return [
      row('STOMP chat, one instance (PostgreSQL)', one),
      row('STOMP chat, two instances through Redis (senders on one, receivers on the other)', two),
    ];
  } catch (error) {
    return [['STOMP chat load test', `not run: ${error.message}`, '—']];
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await realtimeRows()) console.log(`| ${r.join(' | ')} |`);
}
