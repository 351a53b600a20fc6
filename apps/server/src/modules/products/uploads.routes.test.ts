import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isErrorBody } from '@unimercado/shared/errors';
import type { Product, ProductImage } from '@unimercado/shared/schemas/products';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../../plugins/storage';
import {
  bearer,
  countRows,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from '../../test/helpers';
import {
  createProduct,
  makeJpeg,
  makePng,
  makePngBomb,
  multipartBody,
  uploadImages,
  uploadPhotos,
} from '../../test/products';
import type { Storage } from '../../plugins/storage';
import { processImage } from './images';
import { saveUploads, sweepOrphanUploads } from './uploads';

/** Every file under the uploads folder. */
const storedFiles = async (ctx: TestContext) => {
  const root = uploadsDir(ctx.config.dataDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
};

describe('photo uploads', () => {
  let ctx: TestContext;
  let user: Account;
  let admin: Account;
  let unverified: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createAccount(ctx, { verified: true });
    admin = await createAccount(ctx, { verified: true, admin: true });
    unverified = await createAccount(ctx);
  });
  afterAll(() => ctx.close());

  /** Runs `attempt` and checks it left no file and no pending-upload row behind. */
  const leavesNothing = async (attempt: () => Promise<unknown>) => {
    const files = await storedFiles(ctx);
    const rows = await countRows(ctx, 'product_uploads');
    await attempt();
    expect(await storedFiles(ctx)).toEqual(files);
    expect(await countRows(ctx, 'product_uploads')).toBe(rows);
  };

  it('stores up to three photos as WebP with thumbnails and answers their URLs', async () => {
    const res = await uploadImages(ctx, user.token, [
      { filename: 'a.jpg', data: await makeJpeg() },
      { filename: 'b.png', contentType: 'image/png', data: await makePng() },
      {
        filename: 'c.webp',
        contentType: 'image/webp',
        data: await sharp(await makePng(200, 100))
          .webp()
          .toBuffer(),
      },
    ]);
    expect(res.statusCode).toBe(201);
    const urls = res.json<string[]>();
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      expect(url).toMatch(
        /^http:\/\/localhost:3000\/uploads\/products\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/,
      );
      const served = await ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('keeps a large version (at most 1280 px) and a thumbnail (at most 480 px)', async () => {
    const big = await makeJpeg({ width: 2400, height: 1200 });
    const body = multipartBody([{ field: 'file', filename: 'grande.jpg', data: big }]);
    const single = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/upload-image',
      headers: { ...bearer(user.token), ...body.headers },
      payload: body.payload,
    });
    expect(single.statusCode).toBe(201);
    expect(single.json<ProductImage>()).toMatchObject({
      width: 1280,
      height: 640,
      thumbnailWidth: 480,
      thumbnailHeight: 240,
    });
    const thumb = await ctx.app.inject({
      method: 'GET',
      url: new URL(single.json<ProductImage>().thumbnailUrl).pathname,
    });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 480, height: 240 });
  });

  it('serves photos without EXIF (no GPS), turned upright', async () => {
    const original = await makeJpeg({
      width: 640,
      height: 480,
      orientation: 6,
      exif: {
        IFD0: { Make: 'TelefonoEspia' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 36/1 0/1' },
      },
    });
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.includes(Buffer.from('TelefonoEspia'))).toBe(true);
    const [url] = (
      await uploadImages(ctx, user.token, [{ filename: 'gps.jpg', data: original }])
    ).json<string[]>();
    const served = await ctx.app.inject({ method: 'GET', url: new URL(url!).pathname });
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TelefonoEspia'))).toBe(false);
    // Orientation 6 (rotated a quarter turn) is applied to the pixels.
    expect([metadata.width, metadata.height]).toEqual([480, 640]);
  });

  it('refuses an HTML page renamed .jpg with 415 and stores nothing', async () => {
    await leavesNothing(async () => {
      const res = await uploadImages(ctx, user.token, [
        { filename: 'ok.jpg', data: await makeJpeg() },
        {
          filename: 'foto.jpg',
          data: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
        },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(res.json<{ error: string }>().error).toContain('"foto.jpg"');
    });
  });

  it('names the first refused file in the order sent, whichever is refused sooner', async () => {
    // The photos are processed at the same time: the broken JPEG is only found out while it is
    // decoded, well after the HTML page is refused by its first bytes; the answer still quotes it.
    const jpeg = await makeJpeg({ width: 3000, height: 2000 });
    await leavesNothing(async () => {
      const res = await uploadImages(ctx, user.token, [
        { filename: 'bien.jpg', data: await makeJpeg() },
        {
          filename: 'rota.jpg',
          data: Buffer.concat([jpeg.subarray(0, jpeg.length / 2), Buffer.alloc(4000, 7)]),
        },
        { filename: 'pagina.jpg', data: Buffer.from('<!doctype html><html></html>') },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json<{ error: string }>().error).toContain('"rota.jpg"');
    });
  });

  it('removes the files already written when storing a photo fails, and keeps no row', async () => {
    const photos = await Promise.all(
      ['a.jpg', 'b.jpg'].map(async (name, index) =>
        processImage(await makeJpeg({ width: 400 + index * 40, height: 300 }), name),
      ),
    );
    let puts = 0;
    const failing: Storage = {
      ...ctx.app.storage,
      put: async (key, data, options) => {
        puts += 1;
        if (puts === 3) throw new Error('disk full');
        await ctx.app.storage.put(key, data, options);
      },
    };
    await leavesNothing(async () => {
      await expect(
        saveUploads(
          { db: ctx.app.db, storage: failing, now: () => new Date() },
          { id: user.user.id, roles: [], verified: true },
          photos,
        ),
      ).rejects.toThrow('disk full');
    });
    // Two files were written before the failure (and removed again).
    expect(puts).toBeGreaterThanOrEqual(3);
  });

  it('refuses an SVG (even declared as a JPEG) with 415 and stores nothing', async () => {
    await leavesNothing(async () => {
      const res = await uploadImages(ctx, user.token, [
        {
          filename: 'dibujo.jpg',
          contentType: 'image/svg+xml',
          data: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
          ),
        },
      ]);
      expect(res.statusCode).toBe(415);
    });
  });

  it('refuses an empty file and a JPEG whose body is broken with 415', async () => {
    await leavesNothing(async () => {
      const res = await uploadImages(ctx, user.token, [
        { filename: 'vacia.jpg', data: Buffer.alloc(0) },
      ]);
      expect(res.statusCode).toBe(415);
    });
    const jpeg = await makeJpeg();
    await leavesNothing(async () => {
      const res = await uploadImages(ctx, user.token, [
        {
          filename: 'rota.jpg',
          data: Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(4000, 7)]),
        },
      ]);
      expect(res.statusCode).toBe(415);
    });
  });

  it('refuses a 4th file with the spec message and stores nothing', async () => {
    const jpeg = await makeJpeg();
    await leavesNothing(async () => {
      const res = await uploadImages(
        ctx,
        user.token,
        [1, 2, 3, 4].map((n) => ({ filename: `f${n}.jpg`, data: jpeg })),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'TOO_MANY_FILES',
        error: 'Máximo 3 imágenes permitidas.',
      });
    });
  });

  it('refuses a file of 1 MB + 1 byte with the spec message and stores nothing', async () => {
    const jpeg = await makeJpeg();
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(1024 * 1024 + 1 - jpeg.length)]);
    const justRight = tooBig.subarray(0, 1024 * 1024);
    await leavesNothing(async () => {
      const res = await uploadImages(ctx, user.token, [
        { filename: 'ok.jpg', data: jpeg },
        { filename: 'enorme.jpg', data: tooBig },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        error: 'El archivo "enorme.jpg" es demasiado grande. Máximo 1MB permitido por imagen.',
      });
    });
    // Exactly 1 MB is fine (trailing bytes after the JPEG end are ignored by decoders).
    expect(
      (await uploadImages(ctx, user.token, [{ filename: 'ok.jpg', data: justRight }])).statusCode,
    ).toBe(201);
  });

  it('refuses a 20000×20000 PNG (decompression bomb) before decoding it', async () => {
    const bomb = await makePngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await leavesNothing(async () => {
      const started = performance.now();
      const res = await uploadImages(ctx, user.token, [
        { filename: 'bomba.png', contentType: 'image/png', data: bomb },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
      expect(performance.now() - started).toBeLessThan(2000);
    });
  });

  it('refuses a request announcing more than its own body limit before reading it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/upload-images',
      headers: {
        ...bearer(user.token),
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(4 * 1024 * 1024),
      },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers 400/415 to requests without files or not multipart', async () => {
    const empty = multipartBody([]);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/upload-images',
      headers: { ...bearer(user.token), ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/upload-images',
      headers: bearer(user.token),
      payload: { files: ['a'] },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 400 with the error body to a multipart body without a usable boundary (was a 500)', async () => {
    const { payload } = multipartBody([{ filename: 'a.jpg', data: await makeJpeg() }]);
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; charset=utf-8',
      'multipart/form-data; boundary="unclosed',
      // A boundary the body does not use, or one no body could.
      'multipart/form-data; boundary=other',
      'multipart/form-data; boundary=' + 'x'.repeat(200),
    ]) {
      for (const url of ['/api/products/upload-images', '/api/products/upload-image']) {
        await leavesNothing(async () => {
          const res = await ctx.app.inject({
            method: 'POST',
            url,
            headers: { ...bearer(user.token), 'content-type': contentType },
            payload,
          });
          expect(res.statusCode, `${url} ${contentType}`).toBe(400);
          expect(isErrorBody(res.json()), contentType).toBe(true);
        });
      }
    }
  });

  it('needs a signed-in (401), verified (403) account; admins upload like anyone', async () => {
    const jpeg = await makeJpeg();
    await leavesNothing(async () => {
      const anonymous = multipartBody([{ filename: 'a.jpg', data: jpeg }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/products/upload-images',
        headers: anonymous.headers,
        payload: anonymous.payload,
      });
      expect(res.statusCode).toBe(401);
      const notVerified = await uploadImages(ctx, unverified.token, [
        { filename: 'a.jpg', data: jpeg },
      ]);
      expect(notVerified.statusCode).toBe(403);
      expect(notVerified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    });
    expect(
      (await uploadImages(ctx, admin.token, [{ filename: 'a.jpg', data: jpeg }])).statusCode,
    ).toBe(201);
  });

  it('removes photos nobody published after a day, and only those', async () => {
    const [published] = await uploadPhotos(ctx, user.token, 1);
    await createProduct(ctx, user, { imageUrl: published });
    const [orphan] = await uploadPhotos(ctx, user.token, 1);
    const keyOf = (url: string) => ctx.app.storage.keyFromUrl(url)!;
    expect(await sweepOrphanUploads({ ...ctx.app, now: () => new Date() })).toBe(0);
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(
      await sweepOrphanUploads({ db: ctx.app.db, storage: ctx.app.storage, now: () => tomorrow }),
    ).toBeGreaterThan(0);
    const files = await storedFiles(ctx);
    expect(files).not.toContain(keyOf(orphan!));
    expect(files).not.toContain(keyOf(orphan!).replace('.webp', '-t.webp'));
    expect(files).toContain(keyOf(published!));
    expect(await countRows(ctx, 'product_uploads')).toBe(0);
    // An expired upload can no longer be published.
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(user.token),
      payload: {
        title: 'Tarde',
        description: 'x',
        price: 1,
        status: 'Nuevo',
        location: 'x',
        categoryId: 1,
        imageUrl: orphan,
      },
    });
    expect(late.statusCode).toBe(400);
  });

  it('serves the cover as a JPEG for link previews; 404 without photos', async () => {
    const [url] = await uploadPhotos(ctx, user.token, 1);
    const product = await createProduct(ctx, user, { imageUrl: url });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/share-image.jpg?v=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    const bare = await createProduct(ctx, user);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/products/${bare.id}/share-image.jpg` }))
        .statusCode,
    ).toBe(404);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(detail.json<Product>().images).toHaveLength(1);
  });
});
