import type { Review } from '@unimercado/shared/schemas/reviews';
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
