import type { Notification } from '@unimercado/shared/schemas/notifications';
import type { Product } from '@unimercado/shared/schemas/products';
import { SALE_MESSAGES, type Purchase, type Sale } from '@unimercado/shared/schemas/sales';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, sales, users } from '../../db/schema';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import {
  acceptOffer,
  callAs,
  makeOffer,
  postOffer,
  rejectOffer,
  sellTo,
  createTradeCast,
  expectErrorBody,
} from '../../test/trade';

describe('offers, purchases and their rules', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  let unverified: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ seller, buyer, other, admin, unverified } = await createTradeCast(ctx));
  });
  afterAll(() => ctx.close());

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
    callAs(ctx, ...args);
  const newProduct = (overrides: Record<string, unknown> = {}) =>
    createProduct(ctx, seller, { price: 100000, ...overrides });
  const notificationsOf = async (who: Account) =>
    (await call(who, 'GET', '/api/notifications')).json<Notification[]>();
  const offersOf = async (productId: number) =>
    (await call(seller, 'GET', `/api/sales/product/${productId}/offers`)).json<Sale[]>();
  const expectError = expectErrorBody;

  describe('POST /api/sales', () => {
    it('takes a pending offer from any verified member but the seller, whatever status is sent', async () => {
      const product = await newProduct({ title: 'Bicicleta' });
      for (const who of [buyer, other, admin]) {
        const res = await postOffer(ctx, who, product.id, 80000, { status: 'accepted' });
        expect(res.statusCode).toBe(201);
        expect(res.json<Sale>()).toMatchObject({
          buyerId: who.user.id,
          buyerName: who.user.name,
          productId: product.id,
          price: 80000,
          status: 'pending',
          decidedAt: null,
        });
      }
      expect(await offersOf(product.id)).toHaveLength(3);
      // A body without buyerId (the buyer is the caller anyway) and a decimal text price.
      const bare = await call(other, 'POST', '/api/sales', {
        productId: product.id,
        price: '79999.50',
      });
      expect(bare.statusCode).toBe(201);
      expect(bare.json<Sale>().price).toBe(79999.5);
    });

    it('tells the seller once, even when a spec client echoes the notification', async () => {
      const product = await newProduct({ title: 'Lámpara' });
      const before = (await notificationsOf(seller)).length;
      const sale = await makeOffer(ctx, buyer, product, 50000);
      const [notice] = await notificationsOf(seller);
      expect(notice).toMatchObject({ typeId: 3, userId: seller.user.id, read: false });
      expect(notice?.message).toBe('Has recibido una nueva oferta de $\u00a050.000 por "Lámpara".');
      const echo = await call(buyer, 'POST', '/api/notifications', {
        userId: seller.user.id,
        typeId: 3,
        message: 'Has recibido una nueva oferta...',
      });
      expect(echo.statusCode).toBe(200);
      // Recognised as the echo of the offer: it answers only what the buyer sent.
      expect(echo.json()).toEqual({
        userId: seller.user.id,
        typeId: 3,
        message: 'Has recibido una nueva oferta...',
      });
      expect(await notificationsOf(seller)).toHaveLength(before + 1);
      const stored = await ctx.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, seller.user.id),
            eq(notifications.eventKey, `offer:${sale.id}:created`),
          ),
        );
      expect(stored).toHaveLength(1);
    });

    it('replaces the buyer’s pending offer on the same product', async () => {
      const product = await newProduct();
      const first = await makeOffer(ctx, buyer, product, 60000);
      const second = await makeOffer(ctx, buyer, product, 70000);
      const offers = await offersOf(product.id);
      expect(offers.map((sale) => [sale.id, sale.price])).toEqual([[second.id, 70000]]);
      expectError(await acceptOffer(ctx, seller, first.id), 404, { code: 'NOT_FOUND' });
    });

    it('never keeps two pending offers of one buyer, however many arrive at once', async () => {
      const product = await newProduct();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) => postOffer(ctx, buyer, product.id, 1000 + index)),
      );
      for (const res of results) expect([201, 409]).toContain(res.statusCode);
      expect(results.some((res) => res.statusCode === 201)).toBe(true);
      const pending = (await offersOf(product.id)).filter((sale) => sale.status === 'pending');
      expect(pending).toHaveLength(1);
    });

    it('refuses prices that are not below the listed one, or not above 0, with the spec’s texts', async () => {
      const product = await newProduct({ price: 1000 });
      for (const price of [1000, 1000.01, 5000]) {
        expectError(await postOffer(ctx, buyer, product.id, price), 400, {
          code: 'VALIDATION_ERROR',
          error: SALE_MESSAGES.priceNotBelow,
        });
      }
      for (const price of [0, -5, 0.001, '0.00']) {
        expectError(await postOffer(ctx, buyer, product.id, price), 400, {
          error: SALE_MESSAGES.pricePositive,
        });
      }
      for (const price of ['abc', '850.000', null, '1e3', true]) {
        expectError(await postOffer(ctx, buyer, product.id, price), 400, {
          error: SALE_MESSAGES.priceInvalid,
        });
      }
      expect(await offersOf(product.id)).toEqual([]);
    });

    it('refuses the seller, unverified and anonymous callers, and a buyerId naming someone else', async () => {
      const product = await newProduct();
      expectError(await postOffer(ctx, seller, product.id, 500), 403, {
        code: 'SELF_ACTION',
        error: SALE_MESSAGES.ownProduct,
      });
      expectError(await postOffer(ctx, unverified, product.id, 500), 403, {
        code: 'EMAIL_NOT_VERIFIED',
      });
      expectError(await postOffer(ctx, null, product.id, 500), 401, { code: 'UNAUTHORIZED' });
      expectError(await postOffer(ctx, other, product.id, 500, { buyerId: buyer.user.id }), 403, {
        error: SALE_MESSAGES.buyerMismatch,
      });
      expectError(await postOffer(ctx, admin, product.id, 500, { buyerId: buyer.user.id }), 403);
      expect(await offersOf(product.id)).toEqual([]);
    });

    it('refuses sold, deleted and unknown products and malformed ids', async () => {
      const sold = await newProduct();
      await sellTo(ctx, seller, buyer, sold);
      expectError(await postOffer(ctx, other, sold.id, 500), 409, {
        code: 'PRODUCT_SOLD',
        error: SALE_MESSAGES.productSold,
      });
      const gone = await newProduct();
      expect((await call(seller, 'DELETE', `/api/products/${gone.id}`)).statusCode).toBe(204);
      expectError(await postOffer(ctx, buyer, gone.id, 500), 404, { code: 'NOT_FOUND' });
      expectError(await postOffer(ctx, buyer, 2_147_483_647, 500), 404);
      for (const productId of ['01', '1e2', 0, -1, 2_147_483_648, 'x']) {
        expectError(await postOffer(ctx, buyer, productId as number, 500), 400);
      }
    });
  });

  describe('GET /api/sales/product/{id}/offers and GET /api/sales?productId=', () => {
    it('shows every offer of a product, newest first, to its seller only', async () => {
      const product = await newProduct();
      const first = await makeOffer(ctx, buyer, product, 10000);
      const second = await makeOffer(ctx, other, product, 20000);
      await rejectOffer(ctx, seller, first.id);
      for (const url of [
        `/api/sales/product/${product.id}/offers`,
        `/api/sales?productId=${product.id}`,
      ]) {
        const res = await call(seller, 'GET', url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count']).toBe('2');
        expect(res.json<Sale[]>().map((sale) => [sale.id, sale.status])).toEqual([
          [second.id, 'pending'],
          [first.id, 'rejected'],
        ]);
        for (const who of [buyer, other, admin, unverified]) {
          expectError(await call(who, 'GET', url), 403, { error: SALE_MESSAGES.notOwner });
        }
        expectError(await call(null, 'GET', url), 401);
      }
      const page = await call(seller, 'GET', `/api/sales?productId=${product.id}&size=1&page=1`);
      expect(page.json<Sale[]>().map((sale) => sale.id)).toEqual([first.id]);
    });

    it('answers 404 for an unknown product and 400 without a valid product id', async () => {
      expectError(await call(seller, 'GET', '/api/sales/product/999999/offers'), 404);
      expectError(await call(seller, 'GET', '/api/sales'), 400, {
        error: SALE_MESSAGES.listNeedsProduct,
      });
      expectError(await call(seller, 'GET', '/api/sales?productId=0x1'), 400);
      expectError(await call(seller, 'GET', '/api/sales/product/1.0/offers'), 400);
    });
  });

  describe('PUT /api/sales/{id}/accept and /reject', () => {
    it('accepts: the product is sold, the other pending offers rejected, every buyer told', async () => {
      const product = await newProduct({ title: 'Guitarra' });
      const chosen = await makeOffer(ctx, buyer, product, 90000);
      const loser = await makeOffer(ctx, other, product, 85000);
      const available = async () =>
        (await call(null, 'GET', '/api/products/available?size=100'))
          .json<Product[]>()
          .some((item) => item.id === product.id);
      // Warms the public list cache: accepting must clear it.
      expect(await available()).toBe(true);
      const res = await acceptOffer(ctx, seller, chosen.id);
      expect(res.statusCode).toBe(200);
      expect(res.json<Sale>()).toMatchObject({ id: chosen.id, status: 'accepted' });
      expect(res.json<Sale>().decidedAt).not.toBeNull();
      const detail = (await call(null, 'GET', `/api/products/${product.id}`)).json<Product>();
      expect(detail.isSold).toBe(true);
      // Every instance drops its cached lists when the bus (Redis with TEST_REDIS_URL) says so.
      await vi.waitFor(async () => expect(await available()).toBe(false), { timeout: 2000 });
      expect((await offersOf(product.id)).map((sale) => [sale.id, sale.status]).sort()).toEqual(
        [
          [chosen.id, 'accepted'],
          [loser.id, 'rejected'],
        ].sort(),
      );
      const [won] = await notificationsOf(buyer);
      expect(won).toMatchObject({
        typeId: 2,
        message: 'Tu oferta por "Guitarra" fue aceptada. ¡El producto es tuyo!',
      });
      const [lost] = await notificationsOf(other);
      expect(lost).toMatchObject({
        typeId: 2,
        message: 'Tu oferta por "Guitarra" fue rechazada: el producto se vendió a otra persona.',
      });
      expectError(await acceptOffer(ctx, seller, loser.id), 409, {
        error: SALE_MESSAGES.notPending,
      });
      expectError(await rejectOffer(ctx, seller, chosen.id), 409, { code: 'CONFLICT' });
      expectError(await acceptOffer(ctx, seller, chosen.id), 409);
    });

    it('rejects one offer and tells its buyer; the product stays available', async () => {
      const product = await newProduct({ title: 'Mesa' });
      const sale = await makeOffer(ctx, buyer, product, 50000);
      const res = await rejectOffer(ctx, seller, sale.id);
      expect(res.statusCode).toBe(200);
      expect(res.json<Sale>().status).toBe('rejected');
      expect((await notificationsOf(buyer))[0]).toMatchObject({
        typeId: 2,
        message: 'Tu oferta por "Mesa" fue rechazada.',
      });
      const detail = (await call(null, 'GET', `/api/products/${product.id}`)).json<Product>();
      expect(detail.isSold).toBe(false);
      expectError(await acceptOffer(ctx, seller, sale.id), 409);
      // The buyer may offer again.
      expect((await postOffer(ctx, buyer, product.id, 55000)).statusCode).toBe(201);
    });

    it('lets only the seller decide', async () => {
      const product = await newProduct();
      const sale = await makeOffer(ctx, buyer, product, 50000);
      for (const decide of [acceptOffer, rejectOffer]) {
        for (const who of [buyer, other, admin, unverified]) {
          expectError(await decide(ctx, who, sale.id), 403, { error: SALE_MESSAGES.notOwner });
        }
        expectError(await decide(ctx, null, sale.id), 401);
        expectError(await decide(ctx, seller, 999999), 404, { error: SALE_MESSAGES.notFound });
        expectError(await decide(ctx, seller, '1e1' as unknown as number), 400);
      }
      expect((await offersOf(product.id))[0]?.status).toBe('pending');
    });

    it('lets a seller whose email is no longer verified still answer offers (decision 025)', async () => {
      const owner = await createAccount(ctx, { verified: true });
      const product = await createProduct(ctx, owner, { price: 1000 });
      const sale = await makeOffer(ctx, buyer, product, 500);
      await ctx.database.db
        .update(users)
        .set({ emailVerifiedAt: null })
        .where(eq(users.id, owner.user.id));
      const res = await acceptOffer(ctx, owner, sale.id);
      expect(res.statusCode).toBe(200);
      expect(res.json<Sale>().status).toBe('accepted');
    });

    it('accepts exactly one of 20 offers accepted at the same time', async () => {
      const product = await newProduct({ price: 500000 });
      const buyers = await Promise.all(
        Array.from({ length: 20 }, () => createAccount(ctx, { verified: true })),
      );
      const offers = await Promise.all(
        buyers.map((who, index) => makeOffer(ctx, who, product, 100000 + index)),
      );
      const results = await Promise.all(offers.map((sale) => acceptOffer(ctx, seller, sale.id)));
      const statuses = results.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      const stored = await ctx.database.db
        .select()
        .from(sales)
        .where(eq(sales.productId, product.id));
      expect(stored.filter((sale) => sale.status === 'accepted')).toHaveLength(1);
      expect(stored.filter((sale) => sale.status === 'rejected')).toHaveLength(19);
      const detail = (await call(null, 'GET', `/api/products/${product.id}`)).json<Product>();
      expect(detail.isSold).toBe(true);
    });
  });

  describe('racing actions on one product', () => {
    it('offers racing an accept and a sold mark leave no pending offer on the sold product', async () => {
      const product = await newProduct({ price: 500000 });
      const bidders = await Promise.all(
        Array.from({ length: 6 }, () => createAccount(ctx, { verified: true })),
      );
      const first = await makeOffer(ctx, buyer, product, 400000);
      const results = await Promise.all([
        acceptOffer(ctx, seller, first.id),
        call(seller, 'PATCH', `/api/products/${product.id}/sold`),
        ...bidders.map((who, index) => postOffer(ctx, who, product.id, 100000 + index)),
      ]);
      for (const res of results) expect(res.statusCode).toBeLessThan(500);
      const stored = await ctx.database.db
        .select()
        .from(sales)
        .where(eq(sales.productId, product.id));
      expect(stored.filter((sale) => sale.status === 'pending')).toEqual([]);
      expect(stored.filter((sale) => sale.status === 'accepted').length).toBeLessThanOrEqual(1);
      const detail = (await call(null, 'GET', `/api/products/${product.id}`)).json<Product>();
      expect(detail.isSold).toBe(true);
    });

    it('offers and favourites racing a deletion never fail and leave nothing behind', async () => {
      const product = await newProduct();
      const results = await Promise.all([
        postOffer(ctx, buyer, product.id, 1000),
        call(other, 'POST', '/api/favorites', { productId: product.id }),
        call(seller, 'DELETE', `/api/products/${product.id}`),
        postOffer(ctx, other, product.id, 2000),
        call(buyer, 'POST', '/api/favorites', { productId: product.id }),
      ]);
      for (const res of results) expect([200, 201, 204, 404]).toContain(res.statusCode);
      const left = await ctx.database.db
        .select()
        .from(sales)
        .where(eq(sales.productId, product.id));
      expect(left).toEqual([]);
    });
  });

  describe('marking sold and deleting', () => {
    it('a product marked sold by hand rejects its pending offers and tells their buyers', async () => {
      const product = await newProduct({ title: 'Silla' });
      const sale = await makeOffer(ctx, buyer, product, 40000);
      const res = await call(seller, 'PATCH', `/api/products/${product.id}/sold`);
      expect(res.statusCode).toBe(200);
      expect((await offersOf(product.id)).map((item) => item.status)).toEqual(['rejected']);
      expect((await notificationsOf(buyer))[0]).toMatchObject({
        typeId: 2,
        message: 'Tu oferta por "Silla" fue rechazada: el vendedor marcó el producto como vendido.',
      });
      expectError(await acceptOffer(ctx, seller, sale.id), 409);
      // It was not bought through an offer: no purchase for anyone.
      const purchases = await call(buyer, 'GET', `/api/sales/buyer/${buyer.user.id}`);
      expect(purchases.json<Purchase[]>().some((item) => item.productId === product.id)).toBe(
        false,
      );
    });

    it('deleting a product takes its offers along and tells their buyers; one with an accepted sale is kept (409)', async () => {
      const product = await newProduct();
      const sale = await makeOffer(ctx, buyer, product, 40000);
      expect((await call(seller, 'DELETE', `/api/products/${product.id}`)).statusCode).toBe(204);
      expectError(await acceptOffer(ctx, seller, sale.id), 404);
      // The buyer is told rather than left waiting on an offer that is gone.
      expect((await notificationsOf(buyer))[0]).toMatchObject({
        typeId: 2,
        message: `Tu oferta por "${product.title}" fue rechazada: el vendedor eliminó el producto.`,
      });
      const sold = await newProduct();
      await sellTo(ctx, seller, buyer, sold);
      expectError(await call(seller, 'DELETE', `/api/products/${sold.id}`), 409, {
        code: 'HAS_ACCEPTED_SALE',
      });
    });
  });

  describe('GET /api/sales/buyer/{buyerId}', () => {
    it('lists the caller’s accepted offers only, each with its product', async () => {
      const shopper = await createAccount(ctx, { verified: true });
      const bought = await newProduct({ title: 'Cámara' });
      const sale = await sellTo(ctx, seller, shopper, bought);
      const waiting = await newProduct();
      await makeOffer(ctx, shopper, waiting, 1000);
      const refused = await newProduct();
      await rejectOffer(ctx, seller, (await makeOffer(ctx, shopper, refused, 1000)).id);
      const res = await call(shopper, 'GET', `/api/sales/buyer/${shopper.user.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('1');
      const purchases = res.json<Purchase[]>();
      expect(purchases).toHaveLength(1);
      expect(purchases[0]).toMatchObject({
        id: sale.id,
        status: 'accepted',
        productId: bought.id,
        price: bought.price - 1,
        product: { id: bought.id, title: 'Cámara', isSold: true, sellerId: seller.user.id },
      });
      expect(purchases[0]?.product.viewCount).toBeUndefined();
    });

    it('is for the caller only', async () => {
      for (const who of [seller, other, admin, unverified]) {
        expectError(await call(who, 'GET', `/api/sales/buyer/${buyer.user.id}`), 403, {
          error: SALE_MESSAGES.purchasesNotOwn,
        });
      }
      expectError(await call(null, 'GET', `/api/sales/buyer/${buyer.user.id}`), 401);
      const own = await call(unverified, 'GET', `/api/sales/buyer/${unverified.user.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([]);
      expectError(await call(buyer, 'GET', '/api/sales/buyer/abc'), 400);
    });
  });

  it('limits how many offers one account makes (each one notifies a seller)', async () => {
    const limited = await createTestApp({
      rateLimits: { offersPerAccount: { max: 2, windowMs: 60_000 } },
    });
    try {
      const [owner, bidder] = await Promise.all([
        createAccount(limited, { verified: true }),
        createAccount(limited, { verified: true }),
      ]);
      const product = await createProduct(limited, owner, { price: 1000 });
      expect((await postOffer(limited, bidder, product.id, 100)).statusCode).toBe(201);
      expect((await postOffer(limited, bidder, product.id, 200)).statusCode).toBe(201);
      const third = await postOffer(limited, bidder, product.id, 300);
      expectError(third, 429, { code: 'RATE_LIMITED' });
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('documents the trade calls in OpenAPI', async () => {
    const doc = (await call(null, 'GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const [path, method] of [
      ['/api/sales/', 'post'],
      ['/api/sales/', 'get'],
      ['/api/sales/product/{id}/offers', 'get'],
      ['/api/sales/{id}/accept', 'put'],
      ['/api/sales/{id}/reject', 'put'],
      ['/api/sales/buyer/{buyerId}', 'get'],
      ['/api/favorites/', 'post'],
      ['/api/favorites/', 'get'],
      ['/api/favorites/status', 'get'],
      ['/api/reviews/', 'post'],
    ] as const) {
      const entry = doc.paths[path] ?? doc.paths[path.replace(/\/$/, '')];
      expect(entry?.[method], `${method} ${path}`).toBeDefined();
    }
  });

  describe('deleting an account', () => {
    it('drops the buyer’s pending offers and keeps the seller’s sale', async () => {
      const leaving = await createAccount(ctx, { verified: true, name: 'Se Va' });
      const boughtProduct = await newProduct();
      await sellTo(ctx, seller, leaving, boughtProduct);
      const pendingProduct = await newProduct();
      await makeOffer(ctx, leaving, pendingProduct, 1000);
      expect((await call(admin, 'DELETE', `/api/users/${leaving.user.id}`)).statusCode).toBe(204);
      expect(await offersOf(pendingProduct.id)).toEqual([]);
      const [kept] = await offersOf(boughtProduct.id);
      expect(kept).toMatchObject({ status: 'accepted', buyerName: 'Usuario eliminado' });
    });
  });

  describe("the seller's 'Total ganado' (GET /api/products/stats)", () => {
    it('counts what was received: the accepted price where an offer sold it, else the listed one', async () => {
      const earner = await createAccount(ctx, { verified: true, name: 'Vendedor Dario' });
      const byOffer = await createProduct(ctx, earner, { price: 100000 });
      const byHand = await createProduct(ctx, earner, { price: 50000 });
      await createProduct(ctx, earner, { price: 70000 });
      const rejected = await makeOffer(ctx, other, byOffer, 60000);
      expect((await rejectOffer(ctx, earner, rejected.id)).statusCode).toBe(200);
      const accepted = await makeOffer(ctx, buyer, byOffer, 80000);
      expect((await acceptOffer(ctx, earner, accepted.id)).statusCode).toBe(200);
      expect((await call(earner, 'PATCH', `/api/products/${byHand.id}/sold`)).statusCode).toBe(200);

      const own = await call(earner, 'GET', '/api/products/stats');
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ total: 3, active: 1, sold: 2, totalEarned: 130000 });
      // The buyer, another user and an admin get their own figures, never the seller's.
      for (const who of [buyer, other, admin]) {
        const theirs = await call(who, 'GET', '/api/products/stats');
        expect(theirs.statusCode).toBe(200);
        expect(theirs.json<{ totalEarned: number }>().totalEarned).not.toBe(130000);
      }
      expect((await call(buyer, 'GET', '/api/products/stats')).json()).toMatchObject({
        total: 0,
        totalEarned: 0,
      });
      expectError(await call(null, 'GET', '/api/products/stats'), 401);
    });
  });
});
