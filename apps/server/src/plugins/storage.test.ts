import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3TestSettings, startS3Server } from '../test/s3-server';
import { countRows, createAccount, createTestApp, type TestContext } from '../test/helpers';
import { uploadImages, makeJpeg } from '../test/products';
import { createTestDatabase } from '../test/test-database';
import { createStorage, uploadsDir } from './storage';
import { createS3Storage } from './storage/s3';

describe('disk storage driver', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('writes under DATA_DIR/uploads and leaves no partial file behind', async () => {
    await ctx.app.storage.put('products/ab/photo.webp', Buffer.from('webp'), {
      contentType: 'image/webp',
    });
    const folder = path.join(uploadsDir(ctx.config.dataDir), 'products/ab');
    expect(await readFile(path.join(folder, 'photo.webp'), 'utf8')).toBe('webp');
    expect(await readdir(folder)).toEqual(['photo.webp']);
  });

  it('serves nothing of the data dir outside the uploads folder, nor hidden files', async () => {
    await writeFile(path.join(ctx.config.dataDir, 'secret.txt'), 'top secret');
    await writeFile(path.join(uploadsDir(ctx.config.dataDir), '.hidden.webp'), 'hidden');
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/.hidden.webp',
      '/uploads/%2ehidden.webp',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret');
      expect(res.body, url).not.toContain('hidden');
    }
    // A stray file that put() never wrote (not a key) is not listed either.
    const listed = [];
    for await (const file of ctx.app.storage.list()) listed.push(file.key);
    expect(listed).not.toContain('.hidden.webp');
  });
});

describe("a driver never reaches another driver's files", () => {
  it('the PostgreSQL driver does not serve what lies in the uploads folder, nor the disk driver its rows', async () => {
    const database = await createTestDatabase();
    const onPostgres = await createTestApp({
      database,
      config: { storage: { driver: 'postgres', s3: undefined } },
    });
    const onDisk = await createTestApp({ database });
    try {
      const diskKey = 'products/x/on-disk.webp';
      const rowKey = 'products/x/in-row.webp';
      await onDisk.app.storage.put(diskKey, Buffer.from('disk'), { contentType: 'image/webp' });
      await onPostgres.app.storage.put(rowKey, Buffer.from('row'), { contentType: 'image/webp' });
      // The same data dir layout on the PostgreSQL app's side.
      const pgDisk = await createStorage('disk', onPostgres.config, onPostgres.app.db);
      await pgDisk.put(diskKey, Buffer.from('disk'), { contentType: 'image/webp' });

      expect((await onPostgres.app.inject(`/uploads/${diskKey}`)).statusCode).toBe(404);
      expect((await onPostgres.app.inject(`/uploads/${rowKey}`)).body).toBe('row');
      expect((await onDisk.app.inject(`/uploads/${rowKey}`)).statusCode).toBe(404);
      expect((await onDisk.app.inject(`/uploads/${diskKey}`)).body).toBe('disk');
    } finally {
      await onPostgres.close();
      await onDisk.close();
      await database.close();
    }
  });

  it('an S3 deployment under S3_PREFIX neither lists nor reads the objects of another prefix', async () => {
    const server = await startS3Server();
    const database = await createTestDatabase();
    const config = (prefix: string) => ({
      dataDir: '/nonexistent',
      publicUrl: 'http://localhost:3000',
      storage: { driver: 's3' as const, s3: server.settings({ prefix }) },
    });
    const a = await createStorage('s3', config('campus-a/'), database.db);
    const b = await createStorage('s3', config('campus-b/'), database.db);
    try {
      await a.put('products/p/one.webp', Buffer.from('a'), { contentType: 'image/webp' });
      await b.put('products/p/two.webp', Buffer.from('b'), { contentType: 'image/webp' });
      expect(await a.get('products/p/two.webp')).toBeUndefined();
      expect(await a.stat('products/p/two.webp')).toBeUndefined();
      const listed = [];
      for await (const file of a.list()) listed.push(file.key);
      expect(listed).toEqual(['products/p/one.webp']);
      await a.deleteMany(['products/p/two.webp']);
      expect((await b.get('products/p/two.webp'))?.toString()).toBe('b');
    } finally {
      await a.close?.();
      await b.close?.();
      await database.close();
      await server.close();
    }
  });
});

describe('S3 driver with S3_SERVE=redirect', () => {
  let ctx: TestContext;
  let server: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    server = await startS3Server();
    ctx = await createTestApp({
      config: {
        storage: {
          driver: 's3',
          s3: server.settings({ serve: 'redirect', signedUrlTtlSeconds: 600 }),
        },
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });

  it('answers /uploads/<key> with a short-lived signed URL of the bucket that serves the photo', async () => {
    await ctx.app.storage.put('products/r/photo.webp', Buffer.from('signed bytes'), {
      contentType: 'image/webp',
    });
    const res = await ctx.app.inject('/uploads/products/r/photo.webp');
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe('/um-photos/products/r/photo.webp');
    expect(location.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const photo = await fetch(location);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await photo.text()).toBe('signed bytes');
    // (s3rver does not check the signature of a signed URL: that refusal is the real service's.)
  });

  it('still answers 404 for paths that are not keys, without signing anything', async () => {
    const res = await ctx.app.inject('/uploads/../secret.txt');
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('S3 driver and an unreachable service', () => {
  it('is refused in Spanish without a bucket (the move command can name it without settings)', async () => {
    const database = await createTestDatabase();
    try {
      await expect(
        createStorage(
          's3',
          {
            dataDir: '/nonexistent',
            publicUrl: 'http://localhost:3000',
            storage: { driver: 'disk', s3: undefined },
          },
          database.db,
        ),
      ).rejects.toThrow('S3_BUCKET es obligatorio para el almacenamiento s3');
    } finally {
      await database.close();
    }
  });

  it('fails a call on a service that accepts but never answers, instead of holding it', async () => {
    const sockets = new Set<Socket>();
    const hung = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as AddressInfo;
    const storage = await createS3Storage({
      s3: s3TestSettings(`http://127.0.0.1:${port}`),
      publicUrl: 'http://localhost:3000',
      timeouts: { connection: 200, request: 300 },
    });
    try {
      const started = Date.now();
      await expect(storage.stat('products/hung/photo.webp')).rejects.toThrow();
      await expect(storage.get('products/hung/photo.webp')).rejects.toThrow();
      // Three attempts each (the SDK's default), with its back-off: seconds, not for ever.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      await storage.close?.();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});

describe('an S3 bucket that cannot be reached', () => {
  it('photo requests and uploads answer a bare 500, reveal nothing and store nothing', async () => {
    // A port that was just free: every connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const ctx = await createTestApp({
      config: { storage: { driver: 's3', s3: s3TestSettings(`http://127.0.0.1:${port}`) } },
    });
    try {
      const photo = await ctx.app.inject('/uploads/products/down/photo.webp');
      expect(photo.statusCode).toBe(500);
      expect(photo.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(photo.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|S3|aws/i);
      expect(photo.headers['cache-control'] ?? '').not.toContain('immutable');

      const seller = await createAccount(ctx, { verified: true });
      const upload = await uploadImages(ctx, seller.token, [
        { filename: 'a.jpg', data: await makeJpeg() },
      ]);
      expect(upload.statusCode).toBe(500);
      expect(upload.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|S3|aws/i);
      expect(await countRows(ctx, 'product_uploads')).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
