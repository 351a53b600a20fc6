import type { Product } from '@unimercado/shared/schemas/products';
import { REVIEW_MESSAGES, type Review } from '@unimercado/shared/schemas/reviews';
import type { Purchase } from '@unimercado/shared/schemas/sales';
import type { UserStats } from '@unimercado/shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { createProduct } from '../../test/products';
import { callAs, makeOffer, sellTo, createTradeCast, expectErrorBody } from '../../test/trade';

describe('GET /api/reviews', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  let admin: Account;
  let unverified: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    seller = await createAccount(ctx, { verified: true });
    buyer = await createAccount(ctx, { verified: true });
    admin = await createAccount(ctx, { verified: true, admin: true });
    unverified = await createAccount(ctx);
    const first = await createProduct(ctx, seller, { title: 'Libro' });
    const second = await createProduct(ctx, seller, { title: 'Lámpara' });
    await ctx.database.db.insert(reviews).values([
      {
        rating: 5,
        comment: 'Todo perfecto',
        productId: first.id,
        reviewerId: buyer.user.id,
        revieweeId: seller.user.id,
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
      {
        rating: 4,
        comment: 'Buen vendedor',
        productId: second.id,
        reviewerId: buyer.user.id,
        revieweeId: seller.user.id,
        createdAt: new Date('2026-11-02T10:00:00Z'),
      },
      {
        rating: 5,
        comment: 'Pagó puntual',
        productId: first.id,
        reviewerId: seller.user.id,
        revieweeId: buyer.user.id,
        createdAt: new Date('2026-11-03T10:00:00Z'),
      },
    ]);
  });
  afterAll(() => ctx.close());

  const get = (query: string, who: Account | null = null) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/reviews${query}`,
      headers: who ? bearer(who.token) : {},
    });

  it('lists the reviews a user received, newest first, to anyone', async () => {
    for (const who of [null, unverified, seller, buyer, admin]) {
      const res = await get(`?revieweeId=${seller.user.id}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.json<Review[]>().map((review) => review.comment)).toEqual([
        'Buen vendedor',
        'Todo perfecto',
      ]);
    }
    const [review] = (await get(`?revieweeId=${seller.user.id}`)).json<Review[]>();
    expect(review).toMatchObject({
      rating: 4,
      reviewerId: buyer.user.id,
      revieweeId: seller.user.id,
      createdAt: '2026-11-02T10:00:00.000Z',
    });
  });

  it('lists the reviews a user wrote, paginated', async () => {
    const res = await get(`?reviewerId=${buyer.user.id}&size=1&page=1`);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json<Review[]>().map((review) => review.comment)).toEqual(['Todo perfecto']);
    const none = await get(`?revieweeId=${admin.user.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('needs a user to list for', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Indica revieweeId o reviewerId.' });
    expect((await get('?revieweeId=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/reviews and the profile statistics', () => {
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

  const review = (who: Account | null, body: Record<string, unknown>) =>
    callAs(ctx, who, 'POST', '/api/reviews', {
      reviewerId: who?.user.id,
      revieweeId: seller.user.id,
      comment: 'Muy buena vendedora',
      rating: 5,
      ...body,
    });
  const statsOf = async (who: Account) =>
    (await callAs(ctx, null, 'GET', `/api/users/${who.user.id}/stats`)).json<UserStats>();
  const expectError = expectErrorBody;

  it('lets the buyer of an accepted sale rate its seller once; the profile shows it', async () => {
    const product = await createProduct(ctx, seller, { title: 'Escritorio' });
    await sellTo(ctx, seller, buyer, product);
    const before = await callAs(ctx, buyer, 'GET', `/api/sales/buyer/${buyer.user.id}`);
    expect(before.json<Purchase[]>()[0]).toMatchObject({
      productId: product.id,
      isReviewed: false,
    });
    const res = await review(buyer, { productId: product.id, comment: '  Todo bien  ', rating: 4 });
    expect(res.statusCode).toBe(201);
    expect(res.json<Review>()).toMatchObject({
      rating: 4,
      comment: 'Todo bien',
      productId: product.id,
      reviewerId: buyer.user.id,
      reviewerName: 'Comprador Beto',
      revieweeId: seller.user.id,
    });
    const purchases = await callAs(ctx, buyer, 'GET', `/api/sales/buyer/${buyer.user.id}`);
    expect(
      purchases.json<Purchase[]>().find((item) => item.productId === product.id)?.isReviewed,
    ).toBe(true);
    const again = await review(buyer, { productId: product.id, rating: 1 });
    expectError(again, 409, { code: 'CONFLICT', error: REVIEW_MESSAGES.alreadyReviewed });
    const received = await callAs(ctx, null, 'GET', `/api/reviews?revieweeId=${seller.user.id}`);
    expect(received.json<Review[]>().map((item) => item.rating)).toEqual([4]);
    const written = await callAs(ctx, buyer, 'GET', `/api/reviews?reviewerId=${buyer.user.id}`);
    expect(written.json<Review[]>().map((item) => item.productId)).toEqual([product.id]);
  });

  it('keeps the statistics in line with the stored data (average with two decimals, 0 when none)', async () => {
    const fresh = await createAccount(ctx, { verified: true });
    expect(await statsOf(fresh)).toEqual({
      productos: 0,
      vendidos: 0,
      promedio: 0,
      totalReviews: 0,
    });
    // Product answers carry the seller's rating (decision 099); a public list is cached.
    const kept = await createProduct(ctx, fresh);
    const ratingOnList = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/products?sellerId=${fresh.user.id}&isSold=false`,
        })
      ).json<Product[]>()[0]?.sellerRating;
    expect(await ratingOnList()).toEqual({ average: 0, count: 0 });
    const ratings = [5, 4, 4];
    for (const rating of ratings) {
      const product = await createProduct(ctx, fresh);
      const rater = await createAccount(ctx, { verified: true });
      await sellTo(ctx, fresh, rater, product);
      const res = await callAs(ctx, rater, 'POST', '/api/reviews', {
        productId: product.id,
        rating,
        comment: '',
      });
      expect(res.statusCode).toBe(201);
    }
    const marked = await createProduct(ctx, fresh);
    await callAs(ctx, fresh, 'PATCH', `/api/products/${marked.id}/sold`);
    expect(await statsOf(fresh)).toEqual({
      productos: 5,
      vendidos: 4,
      promedio: 4.33,
      totalReviews: 3,
    });
    // The list and the product page show the same mean and count, at once.
    expect(await ratingOnList()).toEqual({ average: 4.33, count: 3 });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/products/${kept.id}` });
    expect(detail.json<Product>().sellerRating).toEqual({ average: 4.33, count: 3 });
  });

  it('refuses anyone but the buyer of an accepted sale of that product', async () => {
    const product = await createProduct(ctx, seller);
    await makeOffer(ctx, other, product, 100);
    // A pending offer is no purchase.
    expectError(await review(other, { productId: product.id }), 403, {
      error: REVIEW_MESSAGES.notPurchased,
    });
    await sellTo(ctx, seller, buyer, product);
    for (const who of [other, admin, seller]) {
      expectError(await review(who, { productId: product.id }), 403);
    }
    expectError(await review(unverified, { productId: product.id }), 403, {
      code: 'EMAIL_NOT_VERIFIED',
    });
    expectError(await review(null, { productId: product.id }), 401);
    // Ids in the body that name someone else.
    expectError(await review(buyer, { productId: product.id, reviewerId: other.user.id }), 403, {
      error: REVIEW_MESSAGES.reviewerMismatch,
    });
    expectError(await review(buyer, { productId: product.id, revieweeId: other.user.id }), 403, {
      error: REVIEW_MESSAGES.revieweeMismatch,
    });
    // A product sold by hand has no buyer to review it.
    const marked = await createProduct(ctx, seller);
    await callAs(ctx, seller, 'PATCH', `/api/products/${marked.id}/sold`);
    expectError(await review(buyer, { productId: marked.id }), 403);
    expectError(await review(buyer, { productId: 999999 }), 404);
    const stored = await callAs(ctx, null, 'GET', `/api/reviews?reviewerId=${buyer.user.id}`);
    expect(stored.json<Review[]>().every((item) => item.productId !== product.id)).toBe(true);
  });

  it('validates the rating and the comment', async () => {
    const product = await createProduct(ctx, seller);
    await sellTo(ctx, seller, buyer, product);
    for (const rating of [0, 6, 4.5, '5', null, undefined]) {
      expectError(await review(buyer, { productId: product.id, rating }), 400, {
        error: REVIEW_MESSAGES.ratingRequired,
      });
    }
    expectError(await review(buyer, { productId: product.id, comment: 'x'.repeat(1001) }), 400, {
      error: REVIEW_MESSAGES.commentTooLong,
    });
    expectError(await review(buyer, { productId: '01' }), 400);
    const ok = await review(buyer, { productId: product.id, comment: null, rating: 1 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Review>().comment).toBe('');
  });

  it('stores one review when the same one is sent many times at once', async () => {
    const product = await createProduct(ctx, seller);
    await sellTo(ctx, seller, buyer, product);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => review(buyer, { productId: product.id })),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(results.filter((res) => res.statusCode === 409)).toHaveLength(7);
    const rows = await ctx.database.db.select().from(reviews);
    expect(rows.filter((row) => row.productId === product.id)).toHaveLength(1);
  });
});
