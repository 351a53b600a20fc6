// `npm run soak` (issue 22; not part of CI): two instances of the server on one PostgreSQL
// database and one Redis, with photos in PostgreSQL (STORAGE_DRIVER=postgres) so that both serve
// every photo, behind a simulated load balancer that gives each member one instance (and its own
// forwarded address, as a proxy would). 200 members sign in, then for SOAK_DURATION_S seconds
// (default 300) each repeats a realistic mix with a think time: browse, search, open a listing,
// favourite, offer, accept offers on their own listings, chat over STOMP, upload photos and
// publish. It counts errors (5xx, network failures, unexpected refusals), the p99 of the API calls,
// the instances' memory after warm-up and at the end; then one instance is shut down gracefully
// (SIGTERM) under load: every request it acknowledged must be in the database, no request it took
// may be cut off. Results go to docs/benchmarks.md (section "soak") with the machine's load.
// Finally the long fuzz run (apps/server/src/api.fuzz.test.ts with SOAK_FUZZ_RUNS, default 50 000;
// 0 skips it).
//
// Settings: SOAK_DURATION_S, SOAK_MEMBERS (200), SOAK_PORTS (4400,4401), SOAK_DATABASE_URL (admin
// URL, default postgres://postgres@127.0.0.1:5432/postgres), SOAK_REDIS_URL, SOAK_FUZZ_RUNS,
// SOAK_WRITE=0 to leave docs/benchmarks.md alone (short tries).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { WebSocket } from 'ws';
import {
  createBenchDatabase,
  sleep,
  startProcess,
  stopProcess,
  writeBenchmarkSection,
} from '../bench/support.mjs';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const { encodeFrame, StompDecoder } = await tsImport(
  join(root, 'packages/shared/src/stomp.ts'),
  import.meta.url,
);

const DURATION_S = Number(process.env.SOAK_DURATION_S ?? 300);
const MEMBERS = Number(process.env.SOAK_MEMBERS ?? 200);
const PORTS = (process.env.SOAK_PORTS ?? '4400,4401').split(',').map(Number);
const PG_ADMIN = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';
const FUZZ_RUNS = Number(process.env.SOAK_FUZZ_RUNS ?? 50_000);
const WRITE = process.env.SOAK_WRITE !== '0';
/** Memory is compared from the end of the warm-up (a fifth of the run, at most a minute). */
const WARMUP_S = Math.min(60, Math.round(DURATION_S / 5));
/** How long the load goes on while one instance shuts down. */
const SHUTDOWN_LOAD_S = 15;
const PASSWORD = 'secreto123';
const THINK_MS = [300, 2700];
const SEARCH_WORDS = ['libro', 'calculadora', 'bicicleta', 'mesa', 'cálculo', 'silla', 'portátil'];

const cleanups = [];
const builtServer = join(root, 'apps/server/dist/server.js');
/** The built server when there is one (`npm run build`), else the sources through tsx. */
const serverArgs = existsSync(builtServer)
  ? [builtServer]
  : ['--import', 'tsx', join(root, 'apps/server/src/server.ts')];

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const startInstance = (port, env) =>
  startProcess(
    serverArgs,
    { ...env, PORT: String(port), HOST: '127.0.0.1' },
    `http://127.0.0.1:${port}/readyz`,
  );

// ---- the figures ----
const RESETS = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);
const stats = {
  retriedResets: 0,
  calls: new Map(), // action -> latencies (ms) of its API calls
  errors: [], // unexpected outcomes, with what happened
  refusals: new Map(), // action -> expected business refusals (409 sold, ...)
  chat: { sent: 0, receipts: [], delivered: 0, refused: 0 },
  writes: { listings: 0, offers: 0, accepts: 0, favourites: 0, photos: 0 },
};
let measuring = true;
const recordCall = (action, ms) => {
  if (!measuring) return;
  if (!stats.calls.has(action)) stats.calls.set(action, []);
  stats.calls.get(action).push(ms);
};
const recordError = (action, what) => {
  stats.errors.push(`${action}: ${what}`);
  if (stats.errors.length <= 10) console.error(`error ${action}: ${what}`);
};
const recordRefusal = (action) => stats.refusals.set(action, (stats.refusals.get(action) ?? 0) + 1);

// ---- one simulated member ----
/** Where the load balancer sends `member` (may change when an instance leaves). */
const instanceOf = (member, live) => live[member.index % live.length];

const createMemberApi = (live) => {
  /** The balancer takes an instance out once it refuses connections or answers 503. */
  const canMoveOn = (port) => live.some((other) => other !== port);
  const leave = (port) => {
    if (live.includes(port) && canMoveOn(port)) live.splice(live.indexOf(port), 1);
  };
  /** One API call through the "load balancer"; retried on the other instance when refused. */
  const call = async (member, action, method, path, body, { raw, contentType } = {}) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const port = instanceOf(member, live);
      const started = performance.now();
      let res;
      try {
        res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${member.token}`,
            'x-forwarded-for': member.ip,
            ...(body === undefined ? {} : { 'content-type': contentType ?? 'application/json' }),
          },
          ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
        });
      } catch (error) {
        const code = error.cause?.code;
        // Connection refused: that instance has left; the balancer tries the next one.
        if (code === 'ECONNREFUSED' && canMoveOn(port)) {
          leave(port);
          continue;
        }
        // A closing instance closes its idle keep-alive connections; a request sent on one as it
        // closes gets a reset, unanswered. A balancer retries that for an idempotent request
        // (nginx: proxy_next_upstream error); a reset of a write would be a request cut off.
        if (method === 'GET' && RESETS.has(code) && canMoveOn(port)) {
          stats.retriedResets += 1;
          leave(port);
          continue;
        }
        recordError(action, `${method} ${path} on ${port}: ${error.cause?.code ?? error.message}`);
        return undefined;
      }
      const text = await res.text();
      recordCall(action, performance.now() - started);
      if (res.status === 503 && canMoveOn(port)) {
        // Closing: Fastify answers 503 to what arrives after close began; the balancer moves on.
        leave(port);
        continue;
      }
      let json;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: res.status, json, port, headers: res.headers };
    }
    recordError(action, `${method} ${path}: no instance answered`);
    return undefined;
  };
  return { call };
};

/** A STOMP connection of one member (to their instance), subscribed to their messages. */
const openStomp = (member, port, onMessage) =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, ['v12.stomp'], {
      headers: { 'x-forwarded-for': member.ip },
    });
    const decoder = new StompDecoder(64 * 1024);
    const receipts = new Map();
    const timer = setTimeout(() => reject(new Error('STOMP connect timeout')), 30_000);
    socket.on('error', (error) => reject(error));
    socket.on('open', () =>
      socket.send(
        encodeFrame({
          command: 'CONNECT',
          headers: {
            'accept-version': '1.2',
            host: 'localhost',
            Authorization: `Bearer ${member.token}`,
          },
          body: '',
        }),
      ),
    );
    const client = {
      socket,
      /** SEND with a receipt; resolves with 'ok', 'refused' (on /user/queue/errors) or 'closed'. */
      send: (destination, body) =>
        new Promise((done) => {
          const receipt = randomBytes(6).toString('hex');
          receipts.set(receipt, done);
          socket.send(
            encodeFrame({
              command: 'SEND',
              headers: { destination, receipt, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }),
          );
        }),
      closeAll: () => {
        for (const done of receipts.values()) done('closed');
        receipts.clear();
      },
    };
    socket.on('close', () => client.closeAll());
    socket.on('message', (data) => {
      for (const event of decoder.push(data)) {
        if (event.kind !== 'frame') continue;
        const { command, headers, body } = event.frame;
        if (command === 'CONNECTED') {
          for (const [id, destination] of [
            ['m', '/user/queue/messages'],
            ['e', '/user/queue/errors'],
          ]) {
            socket.send(
              encodeFrame({
                command: 'SUBSCRIBE',
                headers: { id, destination, ...(id === 'e' ? { receipt: 'ready' } : {}) },
                body: '',
              }),
            );
          }
        } else if (command === 'RECEIPT') {
          if (headers['receipt-id'] === 'ready') {
            clearTimeout(timer);
            resolve(client);
          } else {
            receipts.get(headers['receipt-id'])?.('ok');
            receipts.delete(headers['receipt-id']);
          }
        } else if (command === 'MESSAGE') {
          const parsed = JSON.parse(body);
          if (headers.destination?.endsWith('/queue/errors')) {
            receipts.get(parsed.receiptId)?.('refused');
            receipts.delete(parsed.receiptId);
          } else {
            onMessage(parsed);
          }
        } else if (command === 'ERROR') {
          clearTimeout(timer);
          reject(new Error(headers.message));
          client.closeAll();
        }
      }
    });
  });

const main = async () => {
  const loadBefore = loadavg();
  console.log(
    `soak: ${MEMBERS} members, ${DURATION_S} s, ports ${PORTS.join(', ')}; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`,
  );
  const database = await createBenchDatabase({ adminUrl: PG_ADMIN, prefix: 'um_soak', cleanups });
  if (!database) throw new Error('the soak needs PostgreSQL');
  const dataDirs = PORTS.map(() => mkdtempSync(join(tmpdir(), 'um-soak-')));
  cleanups.push(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${PORTS[0]}`,
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: `um:soak:${randomBytes(4).toString('hex')}:`,
    STORAGE_DRIVER: 'postgres',
    TRUST_PROXY: 'loopback',
    SMTP_URL: '',
    WEB_DIST_DIR: join(dataDirs[0], 'no-web'),
  };
  const instances = [];
  cleanups.push(() => Promise.all(instances.map(stopProcess)));
  for (const [index, port] of PORTS.entries()) {
    instances.push(await startInstance(port, { ...env, DATA_DIR: dataDirs[index] }));
  }

  // Members: verified accounts made in the database (one password hash for all), then a real
  // sign-in each through their instance.
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const passwordHash = await hash(PASSWORD);
  const { rows } = await db.query(
    `insert into users (name, email, password_hash, email_verified_at)
     select 'Miembro ' || i, 'soak' || i || '@uni.edu', $2, now()
     from generate_series(1, $1) as i returning id, email`,
    [MEMBERS, passwordHash],
  );
  await db.query(
    `insert into user_roles (user_id, role_id)
     select u.id, r.id from users u, roles r where r.name = 'ROLE_USER' and u.email like 'soak%@uni.edu'
     on conflict do nothing`,
  );
  await db.end();
  const live = [...PORTS];
  const api = createMemberApi(live);
  const members = rows.map((row, index) => ({
    index,
    id: row.id,
    email: row.email,
    ip: `10.${20 + Math.floor(index / 250)}.${index % 250}.7`,
    token: '',
    products: [],
  }));
  for (let i = 0; i < members.length; i += 20) {
    await Promise.all(
      members.slice(i, i + 20).map(async (member) => {
        const res = await fetch(`http://127.0.0.1:${instanceOf(member, live)}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': member.ip },
          body: JSON.stringify({ email: member.email, password: PASSWORD }),
        });
        if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
        member.token = (await res.json()).token;
      }),
    );
  }

  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const categories = (await api.call(members[0], 'setup', 'GET', '/api/categories')).json;

  // Half the members start with a listing (without photos), so that there is something to buy.
  const available = []; // { id, sellerIndex }
  const publish = async (member, imageUrl) => {
    const res = await api.call(member, 'publish', 'POST', '/api/products', {
      title: `Libro de cálculo ${member.index}-${member.products.length}`,
      description: 'Buen estado, con notas a lápiz. Entrego en el campus.',
      price: 20 + (member.index % 50),
      status: 'Usado',
      location: 'Biblioteca central',
      categoryId: categories[member.index % categories.length].id,
      ...(imageUrl ? { imageUrl } : {}),
    });
    if (!res) return;
    if (res.status === 429) return recordRefusal('publish');
    if (res.status !== 201)
      return recordError('publish', `${res.status} ${JSON.stringify(res.json)}`);
    stats.writes.listings += 1;
    member.products.push(res.json.id);
    available.push({ id: res.json.id, sellerIndex: member.index });
    return res.json.id;
  };
  for (const member of members.filter((m) => m.index % 2 === 0)) await publish(member);

  // Everyone's STOMP connection (on their instance), counting what reaches them.
  const deliveredContents = new Set();
  const sentContents = new Set();
  const stompOf = new Map();
  for (let i = 0; i < members.length; i += 50) {
    await Promise.all(
      members.slice(i, i + 50).map(async (member) => {
        stompOf.set(
          member.index,
          await openStomp(member, instanceOf(member, live), (message) => {
            if (message.receiverId === member.id) deliveredContents.add(message.content);
          }),
        );
      }),
    );
  }

  // Acknowledged writes (2xx) per instance port, checked after the shutdown.
  const acknowledged = { offers: [], favourites: [], listings: [] };
  const pickOther = (member) => {
    for (let tries = 0; tries < 5; tries += 1) {
      const product = available[Math.floor(Math.random() * available.length)];
      if (product && product.sellerIndex !== member.index) return product;
    }
    return undefined;
  };
  const dropAvailable = (id) => {
    const at = available.findIndex((product) => product.id === id);
    if (at >= 0) available.splice(at, 1);
  };

  const actions = [
    // [weight, name, run]
    [
      25,
      'browse',
      async (m) => {
        const res = await api.call(
          m,
          'browse',
          'GET',
          `/api/products?page=${Math.floor(Math.random() * 4)}&size=20`,
        );
        if (res && res.status !== 200) recordError('browse', res.status);
      },
    ],
    [
      15,
      'search',
      async (m) => {
        const word = SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)];
        const res = await api.call(
          m,
          'search',
          'GET',
          `/api/products?search=${encodeURIComponent(word)}&size=20`,
        );
        if (res && res.status !== 200) recordError('search', res.status);
      },
    ],
    [
      20,
      'open product',
      async (m) => {
        const product = pickOther(m) ?? available[0];
        if (!product) return;
        const res = await api.call(m, 'open product', 'GET', `/api/products/${product.id}`);
        if (res && res.status !== 200 && res.status !== 404)
          recordError('open product', res.status);
        if (res?.status === 200) {
          const image = res.json.imageUrl?.split(',')[0];
          if (image) {
            const photoRes = await api.call(m, 'photo', 'GET', new URL(image, 'http://x').pathname);
            if (photoRes && photoRes.status !== 200) recordError('photo', photoRes.status);
          }
        }
      },
    ],
    [
      8,
      'favourite',
      async (m) => {
        const product = pickOther(m);
        if (!product) return;
        const res = await api.call(m, 'favourite', 'POST', '/api/favorites', {
          productId: product.id,
        });
        if (!res) return;
        if (res.status === 200) {
          stats.writes.favourites += 1;
          acknowledged.favourites.push({
            member: m,
            productId: product.id,
            isFavorite: res.json.isFavorite,
            port: res.port,
            at: Date.now(),
          });
        } else if (res.status === 404) recordRefusal('favourite');
        else recordError('favourite', `${res.status} ${JSON.stringify(res.json)}`);
      },
    ],
    [
      5,
      'offer',
      async (m) => {
        const product = pickOther(m);
        if (!product) return;
        const res = await api.call(m, 'offer', 'POST', '/api/sales', {
          productId: product.id,
          price: 15,
        });
        if (!res) return;
        if (res.status === 201) {
          stats.writes.offers += 1;
          acknowledged.offers.push({
            id: res.json.id,
            buyer: m.index,
            productId: product.id,
            port: res.port,
            at: Date.now(),
          });
        } else if (res.status === 409 || res.status === 404 || res.status === 429) {
          recordRefusal('offer');
          if (res.status !== 429) dropAvailable(product.id);
        } else recordError('offer', `${res.status} ${JSON.stringify(res.json)}`);
      },
    ],
    [
      4,
      'accept',
      async (m) => {
        const productId = m.products[Math.floor(Math.random() * m.products.length)];
        if (!productId) return;
        const offers = await api.call(m, 'accept', 'GET', `/api/sales/product/${productId}/offers`);
        if (!offers) return;
        if (offers.status !== 200)
          return offers.status === 404 ? undefined : recordError('accept', offers.status);
        const pending = offers.json.find((offer) => offer.status === 'pending');
        if (!pending) return;
        const res = await api.call(m, 'accept', 'PUT', `/api/sales/${pending.id}/accept`);
        if (!res) return;
        if (res.status === 200) {
          stats.writes.accepts += 1;
          dropAvailable(productId);
          m.products.splice(m.products.indexOf(productId), 1);
        } else if (res.status === 409) recordRefusal('accept');
        else recordError('accept', `${res.status} ${JSON.stringify(res.json)}`);
      },
    ],
    [
      15,
      'chat',
      async (m) => {
        const to = members[Math.floor(Math.random() * members.length)];
        if (to.index === m.index) return;
        const stomp = stompOf.get(m.index);
        if (!stomp || stomp.socket.readyState !== WebSocket.OPEN) return;
        const content = `Hola ${m.index}→${to.index} ${randomBytes(4).toString('hex')}`;
        const started = performance.now();
        if (measuring) {
          stats.chat.sent += 1;
          sentContents.add(content);
        }
        const outcome = await stomp.send('/app/chat.private', { receiverId: to.id, content });
        if (outcome === 'ok') {
          if (measuring) stats.chat.receipts.push(performance.now() - started);
        } else if (outcome === 'refused') {
          stats.chat.refused += 1;
          recordRefusal('chat');
        } else if (measuring) recordError('chat', outcome);
      },
    ],
    [
      3,
      'upload and publish',
      async (m) => {
        const form = new FormData();
        form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
        const request = new Request('http://x', { method: 'POST', body: form });
        const body = Buffer.from(await request.arrayBuffer());
        const res = await api.call(m, 'upload', 'POST', '/api/products/upload-images', body, {
          raw: true,
          contentType: request.headers.get('content-type'),
        });
        if (!res) return;
        if (res.status === 429) return recordRefusal('upload');
        if (res.status !== 201)
          return recordError('upload', `${res.status} ${JSON.stringify(res.json)}`);
        stats.writes.photos += res.json.length;
        const id = await publish(m, res.json.join(','));
        if (id) acknowledged.listings.push({ id, imageUrl: res.json.join(','), port: res.port });
      },
    ],
    [
      5,
      'notifications',
      async (m) => {
        const res = await api.call(m, 'notifications', 'GET', '/api/notifications/count');
        if (res && res.status !== 200) recordError('notifications', res.status);
      },
    ],
  ];
  const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);
  const pickAction = () => {
    let roll = Math.random() * totalWeight;
    for (const action of actions) {
      roll -= action[0];
      if (roll < 0) return action;
    }
    return actions[0];
  };

  let running = true;
  const memberLoop = async (member) => {
    await sleep(Math.random() * THINK_MS[1]);
    while (running) {
      const [, name, run] = pickAction();
      try {
        await run(member);
      } catch (error) {
        recordError(name, error.message);
      }
      await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    }
  };

  console.log(`soak: ${members.length} members signed in; load for ${DURATION_S} s`);
  const started = Date.now();
  const loops = members.map(memberLoop);
  const memory = { afterWarmup: [], end: [], samples: [] };
  const sampler = setInterval(() => {
    const elapsed = Math.round((Date.now() - started) / 1000);
    const rss = instances.map((child) => (child.exitCode === null ? rssMb(child.pid) : NaN));
    memory.samples.push({ elapsed, rss });
    if (elapsed % 30 === 0) {
      console.log(
        `soak: ${elapsed} s, ${[...stats.calls.values()].reduce((s, l) => s + l.length, 0)} calls, ${stats.errors.length} errors, RSS ${rss.map((mb) => mb.toFixed(0)).join(' + ')} MB, load ${loadavg()[0].toFixed(2)}`,
      );
    }
  }, 1000);
  await sleep(WARMUP_S * 1000);
  memory.afterWarmup = instances.map((child) => rssMb(child.pid));
  await sleep((DURATION_S - WARMUP_S) * 1000);
  memory.end = instances.map((child) => rssMb(child.pid));
  const loadAtEnd = loadavg();
  measuring = false;

  // Graceful shutdown of the second instance under the same load.
  console.log(`soak: SIGTERM to the instance on ${PORTS.at(-1)} under load`);
  const leaving = instances.at(-1);
  const shutdownStarted = Date.now();
  const errorsBefore = stats.errors.length;
  await stopProcess(leaving);
  const shutdownMs = Date.now() - shutdownStarted;
  await sleep(SHUTDOWN_LOAD_S * 1000);
  running = false;
  clearInterval(sampler);
  await Promise.all(loops);
  const shutdownErrors = stats.errors.slice(errorsBefore);

  // Every write an instance acknowledged is in the database.
  const check = new pg.Client({ connectionString: database.url });
  await check.connect();
  // A buyer's new offer on a listing replaces their pending one: the newest of each pair stays.
  const newest = new Map();
  for (const offer of acknowledged.offers) {
    const key = `${offer.buyer}:${offer.productId}`;
    if ((newest.get(key)?.id ?? 0) < offer.id) newest.set(key, offer);
  }
  const offerIds = [...newest.values()].map((offer) => offer.id);
  const { rows: foundOffers } = await check.query('select id from sales where id = any($1)', [
    offerIds,
  ]);
  const listingIds = acknowledged.listings.map((listing) => listing.id);
  const { rows: foundListings } = await check.query('select id from products where id = any($1)', [
    listingIds,
  ]);
  await check.end();
  const missingOffers = offerIds.length - foundOffers.length;
  // Listings are never deleted in the soak: every acknowledged one stays.
  const missingListings = listingIds.length - foundListings.length;
  const fromLeaving = acknowledged.offers.filter(
    (offer) => offer.port === PORTS.at(-1) && offer.at >= shutdownStarted,
  ).length;

  for (const stomp of stompOf.values()) stomp.socket.terminate();

  const all = [...stats.calls.values()].flat();
  const result = {
    members: members.length,
    duration: DURATION_S,
    calls: all.length,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    perAction: [...stats.calls.entries()].map(([action, list]) => ({
      action,
      calls: list.length,
      p50: percentile(list, 50),
      p99: percentile(list, 99),
    })),
    errors: stats.errors.length - shutdownErrors.length,
    errorSamples: stats.errors.slice(0, Math.min(5, errorsBefore)),
    refusals: Object.fromEntries(stats.refusals),
    chat: {
      sent: stats.chat.sent,
      receiptP99: percentile(stats.chat.receipts, 99),
      delivered: [...sentContents].filter((content) => deliveredContents.has(content)).length,
    },
    writes: stats.writes,
    memory,
    shutdown: {
      ms: shutdownMs,
      errors: shutdownErrors.length,
      errorSamples: shutdownErrors.slice(0, 5),
      retriedResets: stats.retriedResets,
      offersAckedWhileLeaving: fromLeaving,
    },
    missingOffers,
    missingListings,
    acknowledgedOffers: offerIds.length,
    acknowledgedListings: listingIds.length,
    loadBefore,
    loadAtEnd,
  };
  console.log(
    JSON.stringify(
      { ...result, memory: { afterWarmup: memory.afterWarmup, end: memory.end } },
      null,
      2,
    ),
  );
  return result;
};

const fmt = (ms) => `${ms.toFixed(1)} ms`;
const markdown = (r) => {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const growth = r.memory.end.map((end, i) => end - r.memory.afterWarmup[i]);
  const rows = [
    [
      'Simulated members, duration',
      `${r.members} members for ${r.duration} s (think time ${THINK_MS[0]}–${THINK_MS[1]} ms between actions), two instances on PostgreSQL and Redis, photos in PostgreSQL`,
      '—',
    ],
    [
      'API calls',
      `${r.calls} (${(r.calls / r.duration).toFixed(0)}/s); p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)}`,
      `p99 < 100 ms ${r.p99 < 100 ? '✅' : '❌'}`,
    ],
    [
      'Errors (5xx, network, unexpected answers)',
      `${r.errors}${r.errorSamples.length ? ` (e.g. ${r.errorSamples.join('; ')})` : ''}`,
      `0 ${r.errors === 0 ? '✅' : '❌'}`,
    ],
    [
      'Expected refusals (offer on a sold listing, rate limits, ...)',
      Object.entries(r.refusals)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none',
      '—',
    ],
    [
      'Writes',
      `${r.writes.listings} listings, ${r.writes.photos} photos, ${r.writes.offers} offers, ${r.writes.accepts} accepts, ${r.writes.favourites} favourite toggles`,
      '—',
    ],
    [
      'Chat over STOMP',
      `${r.chat.sent} messages, receipt p99 ${fmt(r.chat.receiptP99)}, ${r.chat.delivered} delivered to their receiver (half of them across instances through Redis)`,
      '—',
    ],
    [
      'Memory (RSS) after warm-up → end',
      r.memory.afterWarmup
        .map((mb, i) => `${mb.toFixed(0)} → ${r.memory.end[i].toFixed(0)} MB`)
        .join(', '),
      `no growth after warm-up ${growth.every((g, i) => g <= r.memory.afterWarmup[i] * 0.1) ? '✅ (within 10 %)' : '❌'}`,
    ],
    [
      'Graceful shutdown of one instance under load: acknowledged writes',
      `closed in ${r.shutdown.ms} ms; missing afterwards: ${r.missingOffers} of ${r.acknowledgedOffers} offers (the newest of each buyer on each listing; ${r.shutdown.offersAckedWhileLeaving} acknowledged by the leaving instance after its SIGTERM), ${r.missingListings} of ${r.acknowledgedListings} listings with their photos`,
      `no acknowledged write lost ${r.missingOffers === 0 && r.missingListings === 0 ? '✅' : '❌'}`,
    ],
    [
      'Graceful shutdown: requests left unanswered',
      `${r.shutdown.retriedResets} GETs reset on a keep-alive connection the closing instance closed as idle, retried on the other instance (as nginx's proxy_next_upstream does); ${r.shutdown.errors} requests with no answer${r.shutdown.errorSamples.length ? ` (${r.shutdown.errorSamples.join('; ')})` : ''}: writes sent on such a connection cannot be retried by a balancer and their client does not know whether they happened`,
      `0 ${r.shutdown.errors === 0 ? '✅' : '❌'}`,
    ],
    [
      'Per action (p50 / p99)',
      r.perAction.map((a) => `${a.action} ${a.calls}: ${fmt(a.p50)} / ${fmt(a.p99)}`).join('; '),
      '—',
    ],
  ];
  return `<!-- soak:start (written by npm run soak) -->
## Soak: two instances, ${r.members} members, ${Math.round(r.duration / 60)} minutes

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GB;
load average ${r.loadBefore.map((l) => l.toFixed(2)).join(' / ')} before, ${r.loadAtEnd.map((l) => l.toFixed(2)).join(' / ')} at the end (1/5/15 min).
The load generator, both instances, PostgreSQL and Redis share this machine${r.loadBefore[0] > 1 ? ', and other work was running on it' : ''}.

| What | Result | Target |
| --- | --- | --- |
${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}
<!-- soak:end -->`;
};

const runFuzz = () =>
  new Promise((resolve) => {
    if (FUZZ_RUNS <= 0) return resolve(0);
    console.log(`soak: the long fuzz run (${FUZZ_RUNS} requests)`);
    const child = spawn('npx', ['vitest', 'run', 'src/api.fuzz.test.ts'], {
      cwd: join(root, 'apps/server'),
      env: { ...process.env, FUZZ_RUNS: String(FUZZ_RUNS) },
      stdio: 'inherit',
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });

let exitCode = 0;
try {
  const result = await main();
  if (WRITE) writeBenchmarkSection('soak', markdown(result));
  if (result.errors > 0 || result.shutdown.errors > 0 || result.missingOffers > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch((error) => console.error(error));
  }
}
if ((await runFuzz()) !== 0) exitCode = 1;
process.exit(exitCode);
