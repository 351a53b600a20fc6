import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { outboxDir } from './plugins/mail';
import { childServerEnv, exited, freePort, sleep, startServerProcess } from './test/child-server';
import { withDatabase } from './test/test-database';
import { makeJpeg, multipartBody } from './test/products';
import { checkReliabilityCount } from './test/reliability-doc';

/**
 * Crash safety (issue 22): the real server, on the run's database (PGlite in `npm test`,
 * PostgreSQL with TEST_DATABASE_URL), takes registrations, listings with photos, offers and chat
 * messages from concurrent clients and is killed with SIGKILL at a random moment, several times.
 * After the last restart every write it acknowledged (a 201) is there: the account, the listing
 * and its photo's bytes, the offer, the message.
 */
export const CRASH_ROUNDS = 3;
const ACKS_PER_ROUND = 12;
const PASSWORD = 'secreto123';

type Json = Record<string, unknown>;

describe('acknowledged writes across SIGKILL', () => {
  let dataDir = '';
  let child: ChildProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    if (child) await exited(child);
    await dropDatabase?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A database of this run for the child (PostgreSQL mode), else undefined (PGlite in DATA_DIR). */
  const databaseUrl = async () => {
    const adminUrl = inject('pgAdminUrl');
    const prefix = inject('pgRunPrefix');
    if (!adminUrl || !prefix) return undefined;
    const name = `${prefix}_crash_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`).finally(() => admin.end());
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper
        .query(`drop database if exists "${name}" with (force)`)
        .finally(() => dropper.end());
    };
    return withDatabase(adminUrl, name);
  };

  it('every acknowledged registration, listing, photo, offer and message survives', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'um-crash-writes-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const url = await databaseUrl();
    const env = childServerEnv(port, dataDir, url ? { DATABASE_URL: url } : {});
    const start = async () => {
      child = await startServerProcess(env, base);
      return child;
    };

    const call = async (method: string, route: string, token?: string, body?: unknown) => {
      const res = await fetch(`${base}${route}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-forwarded-for': `10.7.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
    };

    // The cast, made before the first crash: two verified sellers and a verified buyer.
    await start();
    const register = async (label: string) => {
      const email = `${label}.${randomBytes(3).toString('hex')}@uni.edu`;
      const res = await call('POST', '/api/users', undefined, {
        name: `Estudiante ${label}`,
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      if (res.status !== 201) throw new Error(`register ${res.status}`);
      return { id: res.json.id as number, email };
    };
    const verifiedMember = async (label: string) => {
      const { id, email } = await register(label);
      let token: string | undefined;
      for (let tries = 0; tries < 200 && !token; tries += 1) {
        const names = await readdir(outboxDir(dataDir)).catch(() => [] as string[]);
        for (const name of names.filter((file) => file.endsWith('.json'))) {
          const mail = JSON.parse(await readFile(path.join(outboxDir(dataDir), name), 'utf8')) as {
            to: string;
            text: string;
          };
          if (mail.to === email) token = /verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
        }
        if (!token) await sleep(100);
      }
      const verified = await call('POST', `/api/auth/verify-email?token=${token}`);
      if (verified.status !== 200) throw new Error(`verify ${verified.status}`);
      const login = await call('POST', '/api/auth/login', undefined, { email, password: PASSWORD });
      return { id, token: login.json.token as string };
    };
    const sellers = [await verifiedMember('vendedora'), await verifiedMember('vendedor')];
    const buyer = await verifiedMember('compradora');
    const categoryId = ((await call('GET', '/api/categories')).json as unknown as Json[])[0]!
      .id as number;
    const photo = await makeJpeg({ width: 200, height: 150 });

    const acked = {
      registrations: [] as number[],
      listings: [] as { id: number; photos: string[]; sellerToken: string }[],
      offers: [] as { id: number; productId: number; sellerToken: string }[],
      messages: [] as number[],
    };
    const ackCount = () =>
      acked.registrations.length +
      acked.listings.length +
      acked.offers.length +
      acked.messages.length;

    /** A writer: repeats `write` until the server is killed; 429 ends it quietly. */
    const writer = async (isRunning: () => boolean, write: () => Promise<boolean>) => {
      while (isRunning()) {
        try {
          if (!(await write())) return;
        } catch (error) {
          if (isRunning()) throw error;
          return; // killed under this request: it was never acknowledged
        }
      }
    };
    const expectCreated = (what: string, res: { status: number; json: Json }) => {
      if (res.status === 429) return false;
      if (res.status !== 201) throw new Error(`${what} answered ${res.status}`);
      return true;
    };
    let sequence = 0;
    const writers = (isRunning: () => boolean) => [
      writer(isRunning, async () => {
        sequence += 1;
        const res = await call('POST', '/api/users', undefined, {
          name: `Registro ${sequence}`,
          email: `crash-writes-${sequence}.${randomBytes(2).toString('hex')}@uni.edu`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        });
        if (!expectCreated('registration', res)) return false;
        acked.registrations.push(res.json.id as number);
        return true;
      }),
      ...sellers.map((seller) =>
        writer(isRunning, async () => {
          const form = multipartBody([{ filename: 'foto.jpg', data: photo }]);
          const upload = await fetch(`${base}/api/products/upload-images`, {
            method: 'POST',
            headers: { authorization: `Bearer ${seller.token}`, ...form.headers },
            body: form.payload,
          });
          if (upload.status === 429) return false;
          if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
          const photos = (await upload.json()) as string[];
          const res = await call('POST', '/api/products', seller.token, {
            title: `Libro ${sequence}`,
            description: 'Libro de cálculo en buen estado.',
            price: 30,
            status: 'Usado',
            location: 'Facultad de Ciencias',
            categoryId,
            imageUrl: photos.join(','),
          });
          if (!expectCreated('listing', res)) return false;
          acked.listings.push({ id: res.json.id as number, photos, sellerToken: seller.token });
          return true;
        }),
      ),
      writer(isRunning, async () => {
        const open = acked.listings.filter(
          (listing) => !acked.offers.some((offer) => offer.productId === listing.id),
        );
        const listing = open.at(-1);
        if (!listing) {
          await sleep(20);
          return true;
        }
        const res = await call('POST', '/api/sales', buyer.token, {
          productId: listing.id,
          price: 25,
        });
        if (res.status === 409) return true; // offered before the crash, acknowledgement lost
        if (!expectCreated('offer', res)) return false;
        acked.offers.push({
          id: res.json.id as number,
          productId: listing.id,
          sellerToken: listing.sellerToken,
        });
        return true;
      }),
      writer(isRunning, async () => {
        const res = await call('POST', '/api/chat/messages', buyer.token, {
          receiverId: sellers[0]!.id,
          content: `¿Sigue disponible? ${sequence}`,
        });
        if (!expectCreated('message', res)) return false;
        acked.messages.push(res.json.id as number);
        return true;
      }),
    ];

    for (let round = 0; round < CRASH_ROUNDS; round += 1) {
      const server = round === 0 ? child! : await start();
      let running = true;
      const traffic = writers(() => running);
      const before = ackCount();
      for (let waited = 0; ackCount() < before + ACKS_PER_ROUND && waited < 60_000;) {
        await sleep(20);
        waited += 20;
      }
      await sleep(Math.floor(Math.random() * 300));
      running = false;
      server.kill('SIGKILL');
      await Promise.all([...traffic, exited(server)]);
    }
    if (process.env.CRASH_STATS === '1') {
      console.log(
        Object.fromEntries(Object.entries(acked).map(([kind, list]) => [kind, list.length])),
      );
    }
    expect(ackCount()).toBeGreaterThanOrEqual(CRASH_ROUNDS * ACKS_PER_ROUND);
    expect(acked.listings.length).toBeGreaterThan(0);
    expect(acked.offers.length).toBeGreaterThan(0);

    const server = await start();
    for (const id of acked.registrations) {
      expect((await call('GET', `/api/users/${id}`)).status, `account ${id}`).toBe(200);
    }
    for (const listing of acked.listings) {
      const res = await call('GET', `/api/products/${listing.id}`);
      expect(res.status, `listing ${listing.id}`).toBe(200);
      expect(res.json.imageUrl, `listing ${listing.id}`).toBe(listing.photos.join(','));
      for (const url of listing.photos) {
        const image = await fetch(new URL(url, base));
        expect(image.status, url).toBe(200);
        expect((await image.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
      }
    }
    // Each offer is on its listing's offers, as its seller sees them.
    for (const offer of acked.offers) {
      const res = await call(
        'GET',
        `/api/sales/product/${offer.productId}/offers`,
        offer.sellerToken,
      );
      const ids = (res.json as unknown as Json[]).map((sale) => sale.id);
      expect(ids, `offer ${offer.id}`).toContain(offer.id);
    }
    const conversation = await call(
      'GET',
      `/api/chat/messages?userId=${sellers[0]!.id}`,
      buyer.token,
    );
    const messageIds = new Set((conversation.json as unknown as Json[]).map((m) => m.id as number));
    for (const id of acked.messages) expect(messageIds, `message ${id}`).toContain(id);

    server.kill('SIGTERM');
    await exited(server);
  }, 300_000);

  it('docs/reliability.md states the number of crashes', async () => {
    await checkReliabilityCount('crash-rounds', CRASH_ROUNDS);
  });
});
