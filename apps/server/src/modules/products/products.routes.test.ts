import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Product, SellerStats } from '@unimercado/shared/schemas/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sales } from '../../db/schema';
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
  firstCategoryId,
  makeJpeg,
  multipartBody,
  productPayload,
  uploadPhotos,
} from '../../test/products';

describe('products API: publish, read, edit, mark sold, delete', () => {
  let ctx: TestContext;
  let owner: Account;
  let other: Account;
  let admin: Account;
  let unverified: Account;
  let categoryId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await createAccount(ctx, { verified: true, name: 'Valentina Rojas' });
    other = await createAccount(ctx, { verified: true, name: 'Mateo Castro' });
    admin = await createAccount(ctx, { verified: true, admin: true, name: 'Admin Campus' });
    unverified = await createAccount(ctx, { name: 'Sin Verificar' });
    categoryId = await firstCategoryId(ctx);
  });
  afterAll(() => ctx.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who: Account | null,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: who ? bearer(who.token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const fileOf = (url: string) =>
    path.join(uploadsDir(ctx.config.dataDir), ctx.app.storage.keyFromUrl(url)!);

  describe('POST /api/products', () => {
    it('publishes for a verified owner, with photos, seller and category names', async () => {
      const urls = await uploadPhotos(ctx, owner.token, 2);
      const res = await inject(
        'POST',
        '/api/products',
        owner,
        productPayload(categoryId, { imageUrl: urls.join(','), status: 'SEMINUEVO' }),
      );
      expect(res.statusCode).toBe(201);
      const product = res.json<Product>();
      expect(product).toMatchObject({
        title: 'Calculadora científica Casio',
        name: 'Calculadora científica Casio',
        price: 85000,
        status: 'Seminuevo',
        location: 'Biblioteca Central',
        categoryId,
        sellerId: owner.user.id,
        sellerName: 'Valentina Rojas',
        isSold: false,
        soldAt: null,
        imageUrl: urls.join(','),
        viewCount: 0,
      });
      expect(product.categoryName).toBe('Libros y apuntes');
      expect(product.images.map((image) => image.url)).toEqual(urls);
      for (const image of product.images) {
        expect(image.thumbnailUrl).toMatch(/-t\.webp$/);
        expect(image.thumbnailWidth).toBeLessThanOrEqual(480);
        expect(image.width).toBeGreaterThan(0);
      }
      expect(product.createdAt).toBe(product.updatedAt);
    });

    it('answers 401 to an anonymous caller and changes nothing', async () => {
      const before = await countRows(ctx, 'products');
      const res = await inject('POST', '/api/products', null, productPayload(categoryId));
      expect(res.statusCode).toBe(401);
      expect(await countRows(ctx, 'products')).toBe(before);
    });

    it('refuses an unverified account with EMAIL_NOT_VERIFIED and says how to verify', async () => {
      const res = await inject('POST', '/api/products', unverified, productPayload(categoryId));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect(res.json<{ error: string }>().error).toMatch(/verificar tu email/);
    });

    it('admins publish like anyone else, as themselves', async () => {
      const product = await createProduct(ctx, admin, { title: 'Lámpara de escritorio' });
      expect(product.sellerId).toBe(admin.user.id);
    });

    it('refuses a sellerId naming someone else (403) and accepts the caller’s own', async () => {
      const forged = await inject(
        'POST',
        '/api/products',
        other,
        productPayload(categoryId, { sellerId: owner.user.id }),
      );
      expect(forged.statusCode).toBe(403);
      const own = await inject(
        'POST',
        '/api/products',
        other,
        productPayload(categoryId, { sellerId: other.user.id, isSold: true }),
      );
      expect(own.statusCode).toBe(201);
      // isSold cannot be set at creation.
      expect(own.json<Product>().isSold).toBe(false);
    });

    it('enforces every rule of spec section 5 with Spanish messages', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ title: '' }, /título es obligatorio/],
        [{ title: 'x'.repeat(41) }, /más de 40 caracteres/],
        [{ description: '   ' }, /descripción es obligatoria/],
        [{ price: 0 }, /mayor a 0/],
        [{ price: -5 }, /mayor a 0/],
        // The stored value is checked: 0.004 would be stored as a $0 listing.
        [{ price: 0.004 }, /^El precio debe ser mayor a 0\.$/],
        [{ price: 999_999_999.006 }, /no puede superar/],
        [{ price: 'gratis' }, /precio válido/],
        [{ price: '850.000' }, /precio válido/],
        [{ price: undefined }, /precio es obligatorio/],
        [{ location: '' }, /ubicación es obligatoria/],
        [{ status: 'Roto' }, /estado del producto/],
        [{ status: undefined }, /estado del producto/],
        [{ categoryId: 0 }, /Selecciona una categoría/],
        [{ categoryId: 999_999 }, /categoría seleccionada no existe/],
      ];
      const before = await countRows(ctx, 'products');
      for (const [overrides, message] of cases) {
        const res = await inject(
          'POST',
          '/api/products',
          owner,
          productPayload(categoryId, overrides),
        );
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json<{ error: string }>().error, JSON.stringify(overrides)).toMatch(message);
      }
      expect(await countRows(ctx, 'products')).toBe(before);
    });

    it('takes the title from `name`, a numeric price text and a category id text', async () => {
      const { title: _title, ...rest } = productPayload(categoryId);
      const res = await inject('POST', '/api/products', owner, {
        ...rest,
        name: 'Bicicleta de ruta',
        price: '450000.50',
        categoryId: String(categoryId),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<Product>()).toMatchObject({ title: 'Bicicleta de ruta', price: 450000.5 });
    });

    it('only takes the caller’s own, still pending uploads as photos', async () => {
      const othersUpload = await uploadPhotos(ctx, other.token, 1);
      const stolen = await inject(
        'POST',
        '/api/products',
        owner,
        productPayload(categoryId, { imageUrl: othersUpload[0] }),
      );
      expect(stolen.statusCode).toBe(400);
      const foreign = await inject(
        'POST',
        '/api/products',
        owner,
        productPayload(categoryId, { imageUrl: 'https://evil.example/x.webp' }),
      );
      expect(foreign.statusCode).toBe(400);
      // The other user's upload is still theirs to publish, once.
      await createProduct(ctx, other, { imageUrl: othersUpload[0] });
      const again = await inject(
        'POST',
        '/api/products',
        other,
        productPayload(categoryId, { imageUrl: othersUpload[0] }),
      );
      expect(again.statusCode).toBe(400);
    });

    it('refuses more than three photos', async () => {
      const urls = [
        ...(await uploadPhotos(ctx, owner.token, 3)),
        ...(await uploadPhotos(ctx, owner.token, 1)),
      ];
      const res = await inject(
        'POST',
        '/api/products',
        owner,
        productPayload(categoryId, { imageUrl: urls.join(',') }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('Máximo 3 imágenes permitidas.');
    });
  });

  describe('GET /api/products/{id}', () => {
    it('is readable by anyone; only the seller sees the view count', async () => {
      const product = await createProduct(ctx, owner);
      for (const who of [null, other, admin, unverified]) {
        const res = await inject('GET', `/api/products/${product.id}`, who);
        expect(res.statusCode).toBe(200);
        expect(res.json<Product>().id).toBe(product.id);
        expect(res.json()).not.toHaveProperty('viewCount');
      }
      const mine = await inject('GET', `/api/products/${product.id}`, owner);
      expect(mine.json<Product>().viewCount).toBe(0);
    });

    it('answers 404 with the spec message for an unknown product and 400 for a bad id', async () => {
      const missing = await inject('GET', '/api/products/987654', null);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: 'El producto no fue encontrado.' });
      expect((await inject('GET', '/api/products/abc', null)).statusCode).toBe(400);
    });
  });

  describe('PUT /api/products/{id}', () => {
    it('lets the owner edit fields and replace, reorder and drop photos', async () => {
      const [first, second] = await uploadPhotos(ctx, owner.token, 2);
      const product = await createProduct(ctx, owner, { imageUrl: `${first},${second}` });
      const [third] = await uploadPhotos(ctx, owner.token, 1);
      const res = await inject('PUT', `/api/products/${product.id}`, owner, {
        ...product,
        title: 'Calculadora Casio (rebajada)',
        price: 70000,
        status: 'Usado',
        imageUrl: `${third},${second}`,
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json<Product>();
      expect(updated).toMatchObject({ title: 'Calculadora Casio (rebajada)', price: 70000 });
      expect(updated.images.map((image) => image.url)).toEqual([third, second]);
      expect(updated.updatedAt > product.updatedAt).toBe(true);
      // The dropped photo's files are gone; kept and new ones are there.
      expect(existsSync(fileOf(first!))).toBe(false);
      expect(existsSync(fileOf(product.images[0]!.thumbnailUrl))).toBe(false);
      expect(existsSync(fileOf(second!))).toBe(true);
      expect(existsSync(fileOf(third!))).toBe(true);
    });

    it('leaves out fields that are not sent', async () => {
      const product = await createProduct(ctx, owner);
      const res = await inject('PUT', `/api/products/${product.id}`, owner, { price: 1000 });
      expect(res.statusCode).toBe(200);
      expect(res.json<Product>()).toMatchObject({ price: 1000, title: product.title });
    });

    it('is refused to another user, an admin (403) and an anonymous caller (401)', async () => {
      const product = await createProduct(ctx, owner);
      for (const who of [other, admin, unverified]) {
        const res = await inject('PUT', `/api/products/${product.id}`, who, { price: 1 });
        expect(res.statusCode).toBe(403);
      }
      expect(
        (await inject('PUT', `/api/products/${product.id}`, null, { price: 1 })).statusCode,
      ).toBe(401);
      const unchanged = await inject('GET', `/api/products/${product.id}`, null);
      expect(unchanged.json<Product>().price).toBe(product.price);
    });

    it('validates like publishing, refuses a body id for another product, and 404s', async () => {
      const product = await createProduct(ctx, owner);
      const bad = await inject('PUT', `/api/products/${product.id}`, owner, { title: '' });
      expect(bad.statusCode).toBe(400);
      const free = await inject('PUT', `/api/products/${product.id}`, owner, { price: 0.004 });
      expect(free.statusCode).toBe(400);
      expect(free.json<{ error: string }>().error).toBe('El precio debe ser mayor a 0.');
      const cents = await inject('PUT', `/api/products/${product.id}`, owner, { price: 19.994 });
      expect(cents.json<Product>().price).toBe(19.99);
      const mismatch = await inject('PUT', `/api/products/${product.id}`, owner, {
        id: product.id + 1,
        price: 5,
      });
      expect(mismatch.statusCode).toBe(400);
      expect((await inject('PUT', '/api/products/987654', owner, { price: 5 })).statusCode).toBe(
        404,
      );
    });

    it('a sold product cannot be edited (409)', async () => {
      const product = await createProduct(ctx, owner);
      await inject('PATCH', `/api/products/${product.id}/sold`, owner);
      const res = await inject('PUT', `/api/products/${product.id}`, owner, { price: 5 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_SOLD' });
    });
  });

  describe('PATCH /api/products/{id}/sold', () => {
    it('marks sold for the owner only, one way, even with a JSON content type and no body', async () => {
      const product = await createProduct(ctx, owner);
      for (const who of [other, admin]) {
        expect((await inject('PATCH', `/api/products/${product.id}/sold`, who)).statusCode).toBe(
          403,
        );
      }
      expect((await inject('PATCH', `/api/products/${product.id}/sold`, null)).statusCode).toBe(
        401,
      );
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}/sold`,
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      const sold = res.json<Product>();
      expect(sold.isSold).toBe(true);
      expect(sold.soldAt).not.toBeNull();
      // Again: still sold, nothing changes.
      const again = await inject('PATCH', `/api/products/${product.id}/sold`, owner);
      expect(again.json<Product>().soldAt).toBe(sold.soldAt);
      expect((await inject('PATCH', '/api/products/987654/sold', owner)).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/products/{id}', () => {
    it('deletes for the owner with its photo files; others get 403, anonymous 401', async () => {
      const urls = await uploadPhotos(ctx, owner.token, 2);
      const product = await createProduct(ctx, owner, { imageUrl: urls.join(',') });
      const files = product.images.flatMap((image) => [
        fileOf(image.url),
        fileOf(image.thumbnailUrl),
      ]);
      for (const file of files) expect(existsSync(file)).toBe(true);
      for (const who of [other, admin]) {
        expect((await inject('DELETE', `/api/products/${product.id}`, who)).statusCode).toBe(403);
      }
      expect((await inject('DELETE', `/api/products/${product.id}`, null)).statusCode).toBe(401);
      const res = await inject('DELETE', `/api/products/${product.id}`, owner);
      expect(res.statusCode).toBe(204);
      expect((await inject('GET', `/api/products/${product.id}`, null)).statusCode).toBe(404);
      for (const file of files) expect(existsSync(file)).toBe(false);
      expect((await inject('DELETE', `/api/products/${product.id}`, owner)).statusCode).toBe(404);
    });

    it('refuses with 409 when an accepted sale exists, and keeps everything', async () => {
      const [url] = await uploadPhotos(ctx, owner.token, 1);
      const product = await createProduct(ctx, owner, { imageUrl: url });
      await ctx.database.db.insert(sales).values({
        productId: product.id,
        buyerId: other.user.id,
        price: 80000,
        status: 'accepted',
      });
      await ctx.database.db
        .update(products)
        .set({ isSold: true })
        .where(eq(products.id, product.id));
      const res = await inject('DELETE', `/api/products/${product.id}`, owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'HAS_ACCEPTED_SALE' });
      expect(res.json<{ error: string }>().error).toMatch(/venta aceptada/);
      expect((await inject('GET', `/api/products/${product.id}`, null)).statusCode).toBe(200);
      expect(existsSync(fileOf(url!))).toBe(true);
    });

    it('takes pending offers with it', async () => {
      const product = await createProduct(ctx, owner);
      await ctx.database.db
        .insert(sales)
        .values({ productId: product.id, buyerId: other.user.id, price: 1000 });
      expect((await inject('DELETE', `/api/products/${product.id}`, owner)).statusCode).toBe(204);
      const left = await ctx.database.db
        .select()
        .from(sales)
        .where(eq(sales.productId, product.id));
      expect(left).toEqual([]);
    });
  });

  describe('GET /api/products/stats and views', () => {
    it('gives the seller their totals and counts views once per viewer per day', async () => {
      const seller = await createAccount(ctx, { verified: true });
      const a = await createProduct(ctx, seller, { price: 1000 });
      const b = await createProduct(ctx, seller, { price: 2500 });
      await createProduct(ctx, seller, { price: 4000 });
      await inject('PATCH', `/api/products/${a.id}/sold`, seller);
      await inject('PATCH', `/api/products/${b.id}/sold`, seller);

      const view = (who: Account | null, userAgent = 'Navegador A') =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/products/${a.id}/views`,
          headers: { ...(who ? bearer(who.token) : {}), 'user-agent': userAgent },
        });
      expect((await view(other)).statusCode).toBe(204);
      await view(other);
      await view(admin);
      await view(seller); // the seller's own visit does not count
      await view(null, 'Navegador A');
      await view(null, 'Navegador A');
      await view(null, 'Navegador B');
      expect((await inject('POST', '/api/products/987654/views', null)).statusCode).toBe(404);

      const stats = await inject('GET', '/api/products/stats', seller);
      expect(stats.statusCode).toBe(200);
      expect(stats.json<SellerStats>()).toEqual({
        total: 3,
        active: 1,
        sold: 2,
        expired: 0,
        totalEarned: 3500,
        totalViews: 4,
      });
      const mine = await inject(
        'GET',
        `/api/products?sellerId=${seller.user.id}&isSold=true`,
        seller,
      );
      expect(mine.json<Product[]>().find((product) => product.id === a.id)?.viewCount).toBe(4);
      const theirs = await inject('GET', `/api/products?sellerId=${seller.user.id}`, other);
      expect(theirs.json<Product[]>()[0]).not.toHaveProperty('viewCount');
      expect((await inject('GET', '/api/products/stats', null)).statusCode).toBe(401);
      // Another user's own numbers, never the seller's.
      const others = await inject('GET', '/api/products/stats', unverified);
      expect(others.json<SellerStats>().total).toBe(0);
    });
  });

  describe('every kind of caller on the other endpoints', () => {
    const everyone = () =>
      [
        ['anonymous', null],
        ['unverified', unverified],
        ['owner', owner],
        ['another user', other],
        ['admin', admin],
      ] as const;

    it('GET /api/products/available and /locations answer anyone the same', async () => {
      await createProduct(ctx, owner, { location: 'Plazoleta central' });
      const answers = new Set<string>();
      for (const [label, who] of everyone()) {
        const available = await inject('GET', '/api/products/available', who);
        expect(available.statusCode, label).toBe(200);
        answers.add(available.body);
        const places = await inject('GET', '/api/products/locations?q=plazo', who);
        expect(places.json(), label).toEqual(['Plazoleta central']);
      }
      expect(answers.size).toBe(1);
    });

    it('GET /api/products/stats: 401 anonymous, everyone else their own figures', async () => {
      expect((await inject('GET', '/api/products/stats', null)).statusCode).toBe(401);
      for (const [label, who] of everyone().slice(1)) {
        const res = await inject('GET', '/api/products/stats', who);
        expect(res.statusCode, label).toBe(200);
        const mine = await inject('GET', `/api/products?sellerId=${who!.user.id}&size=100`, who);
        expect(res.json<SellerStats>().total, label).toBe(Number(mine.headers['x-total-count']));
      }
    });

    it('POST /api/products/{id}/views: counted for anyone but the owner', async () => {
      const product = await createProduct(ctx, owner);
      for (const [label, who] of everyone()) {
        const res = await inject('POST', `/api/products/${product.id}/views`, who);
        expect(res.statusCode, label).toBe(204);
      }
      const mine = await inject('GET', `/api/products/${product.id}`, owner);
      // anonymous, unverified, another user and admin; not the owner.
      expect(mine.json<Product>().viewCount).toBe(4);
    });

    it('an owner whose email became unverified still manages the listing, but cannot publish', async () => {
      const seller = await createAccount(ctx, { verified: true });
      const product = await createProduct(ctx, seller);
      // A new address is unverified until its link is used.
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${seller.user.id}`,
        headers: bearer(seller.token),
        payload: {
          name: seller.user.name,
          email: `nueva.${seller.email}`,
          phone: null,
          currentPassword: seller.password,
        },
      });
      expect(changed.statusCode).toBe(200);
      expect(
        (await inject('PUT', `/api/products/${product.id}`, seller, { price: 2000 })).statusCode,
      ).toBe(200);
      expect((await inject('PATCH', `/api/products/${product.id}/sold`, seller)).statusCode).toBe(
        200,
      );
      expect((await inject('DELETE', `/api/products/${product.id}`, seller)).statusCode).toBe(204);
      const publish = await inject('POST', '/api/products', seller, productPayload(categoryId));
      expect(publish.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    });

    it('POST /api/products/upload-image: 401 anonymous, 403 unverified, 201 for the rest', async () => {
      const jpeg = await makeJpeg();
      for (const [label, who] of everyone()) {
        const body = multipartBody([{ field: 'file', filename: 'foto.jpg', data: jpeg }]);
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/products/upload-image',
          headers: { ...(who ? bearer(who.token) : {}), ...body.headers },
          payload: body.payload,
        });
        const expected = who === null ? 401 : who === unverified ? 403 : 201;
        expect(res.statusCode, label).toBe(expected);
      }
      const two = multipartBody([
        { field: 'file', filename: 'a.jpg', data: jpeg },
        { field: 'file', filename: 'b.jpg', data: jpeg },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/products/upload-image',
        headers: { ...bearer(owner.token), ...two.headers },
        payload: two.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_FILES' });
    });
  });
});
