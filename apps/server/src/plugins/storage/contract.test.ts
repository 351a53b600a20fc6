import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config/env';
import { startS3Server } from '../../test/s3-server';
import { createTestApp, type TestContext } from '../../test/helpers';
import type { Storage, StorageDriverName } from './types';

/**
 * One contract, every driver (decision 055): what services and browsers observe must not depend
 * on STORAGE_DRIVER. The disk and PostgreSQL drivers run for real (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL); the S3 driver runs against s3rver, a pure-JavaScript S3 server.
 */
type DriverUnderTest = {
  name: StorageDriverName;
  /**
   * Whether the server under the driver replaces objects atomically. S3 does, but s3rver writes
   * an object in place (a reader can catch it half written), so this one check cannot run on it.
   */
  testsAtomicReplace: boolean;
  start: () => Promise<{ storage: AppConfig['storage']; close: () => Promise<void> }>;
};

const nothingToClose = () => Promise.resolve();
const onThisDatabase = (driver: 'disk' | 'postgres') => () =>
  Promise.resolve({ storage: { driver, s3: undefined }, close: nothingToClose });

const DRIVERS: DriverUnderTest[] = [
  {
    name: 'disk',
    testsAtomicReplace: true,
    start: onThisDatabase('disk'),
  },
  {
    name: 'postgres',
    testsAtomicReplace: true,
    start: onThisDatabase('postgres'),
  },
  {
    name: 's3',
    testsAtomicReplace: false,
    start: async () => {
      const server = await startS3Server();
      return {
        storage: { driver: 's3', s3: server.settings({ prefix: 'deploy-a/' }) },
        close: server.close,
      };
    },
  },
];

const newKey = (extension = 'webp') =>
  `products/contract/${randomBytes(8).toString('hex')}.${extension}`;
const WEBP = { contentType: 'image/webp' };

const INVALID_KEYS = [
  '../jwt-secret.txt',
  '/etc/passwd.txt',
  'a/../../b.webp',
  'products/%2e%2e/x.webp',
  'products\\..\\x.webp',
  'A.WEBP',
  'x',
  '',
  'products/x.webp\u0000.png',
  `products/${'a'.repeat(300)}.webp`,
];

describe.each(DRIVERS)('$name storage driver', (driver) => {
  let ctx: TestContext;
  let storage: Storage;
  let closeDriver: () => Promise<void>;
  beforeAll(async () => {
    const started = await driver.start();
    closeDriver = started.close;
    ctx = await createTestApp({ config: { storage: started.storage } });
    storage = ctx.app.storage;
  });
  afterAll(async () => {
    await ctx?.close();
    await closeDriver?.();
  });

  it('is the configured driver', () => {
    expect(storage.driver).toBe(driver.name);
  });

  it('stores, describes, reads and deletes a file by key', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('RIFF1234WEBPdata'), WEBP);
    expect((await storage.get(key))?.toString()).toBe('RIFF1234WEBPdata');
    const info = await storage.stat(key);
    expect(info).toMatchObject({ size: 16, contentType: 'image/webp' });
    expect(info?.etag).toMatch(/^"[^"]+"$/);
    expect(info?.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await buffer((await storage.read(key))!)).toString()).toBe('RIFF1234WEBPdata');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.stat(key)).toBeUndefined();
    expect(await storage.read(key)).toBeUndefined();
    // Deleting what is already gone is fine (a retried cleanup).
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('gives different bytes under the same key a different ETag', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('first version'), WEBP);
    const first = await storage.stat(key);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await storage.put(key, Buffer.from('second, longer version'), WEBP);
    const second = await storage.stat(key);
    expect(second?.etag).not.toBe(first?.etag);
    expect(second?.size).toBe(22);
  });

  it('keeps an empty file as an empty file', async () => {
    const key = newKey();
    await storage.put(key, Buffer.alloc(0), WEBP);
    expect((await storage.get(key))?.byteLength).toBe(0);
    expect((await storage.stat(key))?.size).toBe(0);
    expect((await buffer((await storage.read(key))!)).byteLength).toBe(0);
    const res = await ctx.app.inject(`/uploads/${key}`);
    expect([res.statusCode, res.headers['content-length'], res.body]).toEqual([200, '0', '']);
    expect(
      (await ctx.app.inject({ url: `/uploads/${key}`, headers: { range: 'bytes=0-5' } }))
        .statusCode,
    ).toBe(416);
  });

  it('deletes many files at once, leaving the others; missing keys are fine', async () => {
    const keys = [newKey(), newKey(), newKey()];
    for (const key of keys) await storage.put(key, Buffer.from(key), WEBP);
    await storage.deleteMany([keys[0]!, keys[2]!, newKey()]);
    expect(await storage.get(keys[0]!)).toBeUndefined();
    expect((await storage.get(keys[1]!))?.toString()).toBe(keys[1]);
    expect(await storage.get(keys[2]!)).toBeUndefined();
    await storage.deleteMany([]);
  });

  it('reads an inclusive byte range', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('0123456789'), WEBP);
    expect((await buffer((await storage.read(key, { start: 2, end: 5 }))!)).toString()).toBe(
      '2345',
    );
    expect((await buffer((await storage.read(key, { start: 9, end: 9 }))!)).toString()).toBe('9');
  });

  it('keeps a large file whole and streams it in parts', async () => {
    const key = newKey();
    const data = randomBytes(5 * 1024 * 1024 + 123);
    await storage.put(key, data, WEBP);
    expect((await storage.get(key))?.equals(data)).toBe(true);
    expect((await buffer((await storage.read(key))!)).equals(data)).toBe(true);
    const tail = await buffer(
      (await storage.read(key, { start: 3_000_000, end: data.length - 1 }))!,
    );
    expect(tail.equals(data.subarray(3_000_000))).toBe(true);
    expect((await storage.stat(key))?.size).toBe(data.length);
    await storage.delete(key);
  });

  it.runIf(driver.testsAtomicReplace)(
    'replaces a file atomically: readers see the old bytes or the new, never a mix',
    async () => {
      const key = newKey();
      const a = Buffer.alloc(512 * 1024, 'a');
      const b = Buffer.alloc(700 * 1024, 'b');
      await storage.put(key, a, WEBP);
      const reads: (Buffer | undefined)[] = [];
      const reader = (async () => {
        for (let index = 0; index < 12; index += 1) reads.push(await storage.get(key));
      })();
      await Promise.all([
        storage.put(key, b, WEBP),
        storage.put(key, a, WEBP),
        storage.put(key, b, WEBP),
        reader,
      ]);
      for (const read of reads) expect(read?.equals(a) || read?.equals(b)).toBe(true);
      const last = await storage.get(key);
      expect(last?.equals(a) || last?.equals(b)).toBe(true);
    },
  );

  it('survives parallel puts and deletes of one key: the file is whole or absent', async () => {
    const key = newKey();
    const data = randomBytes(200 * 1024);
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, (_, index) =>
        index % 2 === 0 ? storage.put(key, data, WEBP) : storage.delete(key),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const left = await storage.get(key);
    expect(left === undefined || left.equals(data)).toBe(true);
    const info = await storage.stat(key);
    expect(info === undefined || info.size === data.length).toBe(true);
  });

  it('refuses invalid keys before touching the store', async () => {
    for (const key of INVALID_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), WEBP), key).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.stat(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.read(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.deleteMany([newKey(), key]), key).rejects.toThrow(/invalid storage key/);
      expect(() => storage.publicUrl(key)).toThrow(/invalid storage key/);
    }
    for (const prefix of ['../', '/', 'products', 'products/../']) {
      await expect(storage.list(prefix)[Symbol.asyncIterator]().next(), prefix).rejects.toThrow(
        /invalid storage prefix/,
      );
    }
  });

  it('lists the files under a prefix with their sizes', async () => {
    const folder = `products/list-${randomBytes(4).toString('hex')}/`;
    const keys = [`${folder}a.webp`, `${folder}b/c-t.webp`];
    await storage.put(keys[0]!, Buffer.from('aaa'), WEBP);
    await storage.put(keys[1]!, Buffer.from('bbbbb'), WEBP);
    const listed = [];
    for await (const file of storage.list(folder)) listed.push(file);
    expect(
      listed.map(({ key, size }) => ({ key, size })).sort((x, y) => x.key.localeCompare(y.key)),
    ).toEqual([
      { key: keys[0], size: 3 },
      { key: keys[1], size: 5 },
    ]);
    expect(listed.every((file) => file.lastModified instanceof Date)).toBe(true);
    const everything = [];
    for await (const file of storage.list()) everything.push(file.key);
    expect(everything).toEqual(expect.arrayContaining(keys));
  });

  it('addresses every file at PUBLIC_URL/uploads/<key>, whatever the driver', () => {
    const url = storage.publicUrl('products/ab/photo.webp');
    expect(url).toBe('http://localhost:3000/uploads/products/ab/photo.webp');
    expect(storage.keyFromUrl(url)).toBe('products/ab/photo.webp');
    expect(storage.keyFromUrl('/uploads/products/ab/photo.webp')).toBe('products/ab/photo.webp');
    expect(storage.keyFromUrl('https://evil.example/uploads/a.webp')).toBeUndefined();
    expect(storage.keyFromUrl('http://localhost:3000/uploads/../data.webp')).toBeUndefined();
  });

  describe('GET /uploads/<key>', () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers });

    it('serves a photo with immutable caching, nosniff, cross-origin CORP and an ETag', async () => {
      const key = newKey();
      await storage.put(key, Buffer.from('RIFF....WEBP'), WEBP);
      const res = await get(`/uploads/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-length']).toBe('12');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toBe((await storage.stat(key))?.etag);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe('RIFF....WEBP');
    });

    it('answers 304 to a matching If-None-Match and the photo to another tag', async () => {
      const key = newKey();
      await storage.put(key, Buffer.from('cached photo'), WEBP);
      const etag = (await get(`/uploads/${key}`)).headers.etag as string;
      const again = await get(`/uploads/${key}`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get(`/uploads/${key}`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
      expect((await get(`/uploads/${key}`, { 'if-none-match': `"x", ${etag}` })).statusCode).toBe(
        304,
      );
    });

    it('answers a byte range with 206 and an unsatisfiable one with 416', async () => {
      const key = newKey();
      await storage.put(key, Buffer.from('0123456789'), WEBP);
      const part = await get(`/uploads/${key}`, { range: 'bytes=2-5' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 2-5/10');
      expect(part.headers['content-length']).toBe('4');
      expect(part.body).toBe('2345');
      const suffix = await get(`/uploads/${key}`, { range: 'bytes=-3' });
      expect([suffix.statusCode, suffix.body]).toEqual([206, '789']);
      const open = await get(`/uploads/${key}`, { range: 'bytes=7-' });
      expect([open.statusCode, open.body]).toEqual([206, '789']);
      const beyond = await get(`/uploads/${key}`, { range: 'bytes=10-20' });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe('bytes */10');
      expect(beyond.body).toBe('');
      // A stale If-Range means the whole, current file.
      const stale = await get(`/uploads/${key}`, { range: 'bytes=2-5', 'if-range': '"old"' });
      expect([stale.statusCode, stale.body]).toEqual([200, '0123456789']);
    });

    it('copes with hostile Range headers: huge, malformed or many ranges', async () => {
      const key = newKey();
      await storage.put(key, Buffer.from('0123456789'), WEBP);
      const huge = await get(`/uploads/${key}`, { range: 'bytes=0-99999999999999999999999' });
      expect([huge.statusCode, huge.headers['content-range'], huge.body]).toEqual([
        206,
        'bytes 0-9/10',
        '0123456789',
      ]);
      const far = await get(`/uploads/${key}`, { range: 'bytes=99999999999999999999-' });
      expect(far.statusCode).toBe(416);
      // range-parser (Express's) treats a suffix longer than the file as unsatisfiable.
      const hugeSuffix = await get(`/uploads/${key}`, { range: 'bytes=-99999999999999999999' });
      expect(hugeSuffix.statusCode).toBe(416);
      for (const range of [
        'bytes=abc',
        'bytes=5-2',
        'items=0-3',
        'bytes=0-1,4-5',
        `bytes=${Array.from({ length: 1500 }, (_, index) => `${index % 10}-${index % 10}`).join(',')}`,
      ]) {
        const res = await get(`/uploads/${key}`, { range });
        expect(res.statusCode, range.slice(0, 20)).not.toBeGreaterThanOrEqual(500);
        if (res.statusCode !== 416) expect(res.body, range.slice(0, 20)).toBe('0123456789');
      }
    });

    it('answers HEAD with the headers and no body', async () => {
      const key = newKey();
      await storage.put(key, Buffer.from('head me'), WEBP);
      const res = await ctx.app.inject({ method: 'HEAD', url: `/uploads/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe('7');
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.body).toBe('');
    });

    it('serves a large photo whole', async () => {
      const key = newKey();
      const data = randomBytes(3 * 1024 * 1024);
      await storage.put(key, data, WEBP);
      const res = await get(`/uploads/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
      await storage.delete(key);
    });

    it('answers a plain, uncached 404 for missing files and paths that are not keys', async () => {
      for (const url of [
        `/uploads/${newKey()}`,
        '/uploads/../secret.txt',
        '/uploads/%2e%2e/secret.txt',
        '/uploads/..%2fsecret.txt',
        '/uploads/.hidden.webp',
        '/uploads/products%2fx.webp',
        '/uploads/',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control'] ?? '', url).not.toContain('immutable');
      }
    });
  });
});
