import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { createLocalStorage, uploadsDir } from './storage';

describe('local storage driver', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'um-storage-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores, addresses and deletes files by key', async () => {
    const storage = createLocalStorage({ rootDir: root, publicUrl: 'https://um.example/' });
    await storage.put('products/ab/photo.webp', Buffer.from('webp'), { contentType: 'image/webp' });
    expect(await readFile(path.join(root, 'products/ab/photo.webp'), 'utf8')).toBe('webp');
    expect((await storage.get('products/ab/photo.webp'))?.toString()).toBe('webp');
    const url = storage.publicUrl('products/ab/photo.webp');
    expect(url).toBe('https://um.example/uploads/products/ab/photo.webp');
    expect(storage.keyFromUrl(url)).toBe('products/ab/photo.webp');
    expect(storage.keyFromUrl('/uploads/products/ab/photo.webp')).toBe('products/ab/photo.webp');
    await storage.delete('products/ab/photo.webp');
    expect(existsSync(path.join(root, 'products/ab/photo.webp'))).toBe(false);
    expect(await storage.get('products/ab/photo.webp')).toBeUndefined();
    // Deleting what is already gone is fine (a retried cleanup).
    await expect(storage.delete('products/ab/photo.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the uploads folder, and foreign URLs', async () => {
    const storage = createLocalStorage({ rootDir: root, publicUrl: 'https://um.example' });
    for (const key of ['../jwt-secret.txt', '/etc/passwd.txt', 'a/../../b.webp', 'A.WEBP', 'x']) {
      await expect(
        storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }),
      ).rejects.toThrow(/invalid storage key/);
    }
    expect(storage.keyFromUrl('https://evil.example/uploads/a.webp')).toBeUndefined();
    expect(storage.keyFromUrl('https://um.example/uploads/../data.webp')).toBeUndefined();
    expect(storage.keyFromUrl('javascript:alert(1)')).toBeUndefined();
  });
});

describe('GET /uploads/*', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('serves a stored photo with immutable caching, nosniff and cross-origin CORP', async () => {
    await ctx.app.storage.put('products/t/served.webp', Buffer.from('RIFF....WEBP'), {
      contentType: 'image/webp',
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/products/t/served.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toBe('RIFF....WEBP');
  });

  it('answers 404 for missing files and for anything outside the uploads folder', async () => {
    await writeFile(path.join(ctx.config.dataDir, 'secret.txt'), 'top secret');
    await writeFile(path.join(uploadsDir(ctx.config.dataDir), '.hidden.webp'), 'hidden');
    for (const url of [
      '/uploads/products/t/missing.webp',
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/.hidden.webp',
      '/uploads/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret');
      expect(res.body, url).not.toContain('hidden');
    }
  });
});
