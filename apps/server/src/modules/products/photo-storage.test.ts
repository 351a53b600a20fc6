import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config/env';
import { STORAGE_SWEEP_CHANNEL, type StorageSweepReport } from '../../plugins/storage/events';
import { startS3Server } from '../../test/s3-server';
import {
  bearer,
  callAs,
  countRows,
  createAccount,
  createTestApp,
  type TestContext,
} from '../../test/helpers';
import { createProduct, uploadPhotos } from '../../test/products';
import { sweepPhotos } from './uploads';

/**
 * Photos leave with what they belong to on every driver (decision 055): deletions remove the
 * files after commit, and the hourly sweep removes what nothing names once it is a day old.
 */
const DRIVERS = [
  {
    name: 'disk',
    start: () => Promise.resolve({ storage: { driver: 'disk' }, close: () => Promise.resolve() }),
  },
  {
    name: 'postgres',
    start: () =>
      Promise.resolve({ storage: { driver: 'postgres' }, close: () => Promise.resolve() }),
  },
  {
    name: 's3',
    start: async () => {
      const server = await startS3Server();
      return { storage: { driver: 's3', s3: server.settings() }, close: server.close };
    },
  },
] as const;

const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;

describe.each(DRIVERS)('photos on the $name driver', (driver) => {
  let ctx: TestContext;
  let closeDriver: () => Promise<void>;
  beforeAll(async () => {
    const started = await driver.start();
    closeDriver = started.close;
    ctx = await createTestApp({
      config: { storage: { s3: undefined, ...started.storage } as AppConfig['storage'] },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await closeDriver?.();
  });

  const keysOf = (urls: readonly string[]) =>
    urls.flatMap((url) => {
      const key = ctx.app.storage.keyFromUrl(url)!;
      return [key, key.replace(/\.webp$/, '-t.webp')];
    });
  const stored = async (keys: readonly string[]) =>
    (await Promise.all(keys.map((key) => ctx.app.storage.stat(key)))).map(Boolean);
  const served = async (key: string) => (await ctx.app.inject(`/uploads/${key}`)).statusCode;

  it("deleting a product removes its photos' files after commit", async () => {
    const seller = await createAccount(ctx, { verified: true });
    const urls = await uploadPhotos(ctx, seller.token, 2);
    const product = await createProduct(ctx, seller, { imageUrl: urls.join(',') });
    const keys = keysOf(urls);
    expect(await stored(keys)).toEqual([true, true, true, true]);
    expect(await served(keys[0]!)).toBe(200);

    const other = await createAccount(ctx, { verified: true });
    expect(
      (await callAs(ctx, 'DELETE', `/api/products/${product.id}`, other.token)).statusCode,
    ).toBe(403);
    expect(await stored(keys)).toEqual([true, true, true, true]);

    const res = await callAs(ctx, 'DELETE', `/api/products/${product.id}`, seller.token);
    expect(res.statusCode).toBe(204);
    expect(await stored(keys)).toEqual([false, false, false, false]);
    expect(await served(keys[0]!)).toBe(404);
  });

  it('an edit that drops a photo removes its files and keeps the others', async () => {
    const seller = await createAccount(ctx, { verified: true });
    const urls = await uploadPhotos(ctx, seller.token, 2);
    const product = await createProduct(ctx, seller, { imageUrl: urls.join(',') });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(seller.token),
      payload: { imageUrl: urls[1] },
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(keysOf(urls))).toEqual([false, false, true, true]);
  });

  it("deleting a member removes their listings' photos and their pending uploads", async () => {
    const admin = await createAccount(ctx, { admin: true, verified: true });
    const seller = await createAccount(ctx, { verified: true });
    const listed = await uploadPhotos(ctx, seller.token, 1);
    await createProduct(ctx, seller, { imageUrl: listed[0] });
    const pending = await uploadPhotos(ctx, seller.token, 1);
    const keys = keysOf([...listed, ...pending]);
    expect(await stored(keys)).toEqual([true, true, true, true]);
    const res = await callAs(ctx, 'DELETE', `/api/users/${seller.user.id}`, admin.token);
    expect(res.statusCode).toBe(204);
    expect(await stored(keys)).toEqual([false, false, false, false]);
  });

  it('the sweep removes, a day later, uploads nobody published and files no row names', async () => {
    const seller = await createAccount(ctx, { verified: true });
    const published = await uploadPhotos(ctx, seller.token, 1);
    await createProduct(ctx, seller, { imageUrl: published[0] });
    const unpublished = await uploadPhotos(ctx, seller.token, 1);
    // As a crash between writing the files and their upload row leaves them.
    const stray = 'products/2026/01/000000000000000000000000.webp';
    await ctx.app.storage.put(stray, Buffer.from('stray'), { contentType: 'image/webp' });
    // Not a product photo: the sweep never looks outside products/.
    await ctx.app.storage.put('avatars/kept.webp', Buffer.from('other'), {
      contentType: 'image/webp',
    });

    const reports: StorageSweepReport[] = [];
    const listener = (report: unknown) => reports.push(report as StorageSweepReport);
    subscribe(STORAGE_SWEEP_CHANNEL, listener);
    try {
      const deps = { db: ctx.app.db, storage: ctx.app.storage };
      // Today: everything is younger than a day.
      expect(await sweepPhotos({ ...deps, now: () => new Date() })).toEqual({
        orphanUploads: 0,
        orphanFiles: 0,
      });
      expect(await stored([stray])).toEqual([true]);

      const tomorrow = new Date(Date.now() + DAY_AND_AN_HOUR);
      const report = await sweepPhotos({ ...deps, now: () => tomorrow });
      expect(report).toEqual({ orphanUploads: 1, orphanFiles: 1 });
      expect(reports).toEqual([{ orphanUploads: 0, orphanFiles: 0 }, report]);
      expect(await stored([stray, ...keysOf(unpublished)])).toEqual([false, false, false]);
      expect(await stored(keysOf(published))).toEqual([true, true]);
      expect(await stored(['avatars/kept.webp'])).toEqual([true]);
      expect(await countRows(ctx, 'product_uploads')).toBe(0);
      // Nothing left to do: a second instance running the same sweep finds nothing.
      expect(await sweepPhotos({ ...deps, now: () => tomorrow })).toEqual({
        orphanUploads: 0,
        orphanFiles: 0,
      });
    } finally {
      unsubscribe(STORAGE_SWEEP_CHANNEL, listener);
    }
  });
});
