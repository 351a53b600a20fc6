// Photo serving per storage driver (decision 055; docs/benchmarks.md, "055"): one 120 KB photo,
// 10 connections for 5 s, whole and as a 64 KB range, three rounds. The disk rows compare the
// /uploads route with @fastify/static, which served /uploads before. PostgreSQL proper is measured
// when BENCH_DATABASE_URL names an empty database. Run: npx tsx apps/server/scripts/bench-photos.ts
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { createDatabase } from '../src/db/client';
import { createDiskStorage } from '../src/plugins/storage/disk';
import { createPostgresStorage } from '../src/plugins/storage/postgres';
import { createS3Storage } from '../src/plugins/storage/s3';
import { registerUploadsRoute } from '../src/plugins/storage/serve';
import type { Storage } from '../src/plugins/storage/types';
import { startS3Server } from '../src/test/s3-server';

const KEY = 'products/2026/11/bench.webp';
const ROUNDS = 3;
const photo = randomBytes(120 * 1024);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const serve = async (label: string, setup: (app: FastifyInstance) => Promise<void>) => {
  const app = Fastify({ logger: false });
  await setup(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  for (const [name, headers] of [
    ['whole', {}],
    ['range 64 KB', { range: 'bytes=0-65535' }],
  ] as const) {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/uploads/${KEY}`,
      connections: 10,
      duration: 5,
      headers,
    });
    console.log(
      `| ${label} | ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
    );
  }
  await app.close();
};

const throughRoute = (storage: Storage) => async (app: FastifyInstance) => {
  await storage.put(KEY, photo, { contentType: 'image/webp' });
  registerUploadsRoute(app, storage, { signedUrlTtlSeconds: 0 });
};

const dir = await mkdtemp(path.join(tmpdir(), 'um-bench-photos-'));
try {
  console.log(`${cpus().length} cores, load ${load()}`);
  console.log('| server | request | req/s | p50 ms | p99 ms | non-2xx |');
  const uploads = path.join(dir, 'uploads');
  const disk = createDiskStorage({ rootDir: uploads, publicUrl: 'http://localhost' });
  for (let round = 0; round < ROUNDS; round += 1) {
    await serve('@fastify/static, disk', async (app) => {
      await disk.put(KEY, photo, { contentType: 'image/webp' });
      await app.register(fastifyStatic, { root: uploads, prefix: '/uploads/' });
    });
    await serve('disk driver', throughRoute(disk));
  }
  const pglite = await createDatabase({ dataDir: path.join(dir, 'pglite') });
  await pglite.migrate();
  for (let round = 0; round < ROUNDS; round += 1) {
    await serve(
      'postgres driver, PGlite',
      throughRoute(createPostgresStorage({ db: pglite.db, publicUrl: 'http://localhost' })),
    );
  }
  await pglite.close();
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) {
    const postgres = await createDatabase({ databaseUrl, poolSize: 10 });
    await postgres.migrate();
    for (let round = 0; round < ROUNDS; round += 1) {
      await serve(
        'postgres driver, PostgreSQL',
        throughRoute(createPostgresStorage({ db: postgres.db, publicUrl: 'http://localhost' })),
      );
    }
    await postgres.close();
  }
  const s3server = await startS3Server();
  const s3 = await createS3Storage({ publicUrl: 'http://localhost', s3: s3server.settings() });
  for (let round = 0; round < ROUNDS; round += 1) {
    await serve('s3 driver (proxy), s3rver', throughRoute(s3));
  }
  await s3.close?.();
  await s3server.close();
  console.log(`load at the end ${load()}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
