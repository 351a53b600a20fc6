import { LIST_CAP } from '@unimercado/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, chatMessages, notifications, products, reviews } from './db/schema';
import {
  callAs,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from './test/helpers';

/**
 * The spec's client calls its lists without paging and shows what it gets (decision 039): such a
 * call answers the whole list up to LIST_CAP, with the total in X-Total-Count. A client that
 * pages (our web app) asks for `page` and `size` and gets that page.
 */
describe('lists the spec shows without paging answer the whole list, up to the cap', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  const AVAILABLE = LIST_CAP + 5;
  const SOLD = 3;
  const BOOKS = 40;
  const REVIEWS = 30;
  const MANY = LIST_CAP + 5;

  beforeAll(async () => {
    ctx = await createTestApp();
    seller = await createAccount(ctx, { verified: true, name: 'Vera Vendedora' });
    buyer = await createAccount(ctx, { verified: true, name: 'Bruno Comprador' });
    const { db } = ctx.database;
    const [category] = await db.select().from(categories).limit(1);
    const start = Date.parse('2026-10-01T12:00:00Z');
    const listing = (index: number, isSold: boolean) => ({
      sellerId: seller.user.id,
      categoryId: category!.id,
      title: index < BOOKS ? `Libro de cálculo ${index}` : `Lámpara de escritorio ${index}`,
      description: 'En buen estado',
      price: 1000 + index,
      condition: 'Usado',
      location: 'Biblioteca central',
      isSold,
      createdAt: new Date(start + index * 60_000),
    });
    const rows = await db
      .insert(products)
      .values([
        ...Array.from({ length: AVAILABLE }, (_, i) => listing(i, false)),
        ...Array.from({ length: SOLD }, (_, i) => listing(AVAILABLE + i, true)),
      ])
      .returning({ id: products.id });
    await db.insert(reviews).values(
      rows.slice(0, REVIEWS).map((row, i) => ({
        rating: 1 + (i % 5),
        comment: `Reseña ${i}`,
        productId: row.id,
        reviewerId: buyer.user.id,
        revieweeId: seller.user.id,
      })),
    );
    await db.insert(notifications).values(
      Array.from({ length: MANY }, (_, i) => ({
        userId: buyer.user.id,
        typeId: 3,
        message: `Notificación ${i}`,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    await db.insert(chatMessages).values(
      Array.from({ length: MANY }, (_, i) => ({
        senderId: i % 2 ? seller.user.id : buyer.user.id,
        receiverId: i % 2 ? buyer.user.id : seller.user.id,
        content: `Mensaje ${i}`,
        createdAt: new Date(start + i * 60_000),
      })),
    );
  }, 60_000);
  afterAll(() => ctx.close());

  const list = async (url: string, who?: Account) => {
    const res = await callAs(ctx, 'GET', url, who?.token);
    expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    return { items: res.json<unknown[]>(), total: Number(res.headers['x-total-count']) };
  };

  it('the cap is documented as at least 500', () => {
    expect(LIST_CAP).toBeGreaterThanOrEqual(500);
  });

  it('GET /api/products/available: every available product up to the cap, with the total', async () => {
    const { items, total } = await list('/api/products/available');
    expect(total).toBe(AVAILABLE);
    expect(items).toHaveLength(LIST_CAP);
    // Anonymous or signed in alike.
    expect((await list('/api/products/available', buyer)).items).toHaveLength(LIST_CAP);
  });

  it('GET /api/products (a search, and ?sellerId=): the whole list', async () => {
    const search = await list('/api/products?search=libro');
    expect(search).toMatchObject({ total: BOOKS });
    expect(search.items).toHaveLength(BOOKS);
    const bySeller = await list(`/api/products?sellerId=${seller.user.id}`, buyer);
    expect(bySeller.total).toBe(AVAILABLE + SOLD);
    expect(bySeller.items).toHaveLength(LIST_CAP);
  });

  it('GET /api/reviews?revieweeId=: every review', async () => {
    const { items, total } = await list(`/api/reviews?revieweeId=${seller.user.id}`);
    expect(total).toBe(REVIEWS);
    expect(items).toHaveLength(REVIEWS);
  });

  it('GET /api/notifications?userId=: the caller’s, up to the cap, with the total', async () => {
    const { items, total } = await list(`/api/notifications?userId=${buyer.user.id}`, buyer);
    expect(total).toBe(MANY);
    expect(items).toHaveLength(LIST_CAP);
  });

  it('GET /api/chat/messages?userId=: the newest messages up to the cap, in reading order', async () => {
    const { items, total } = await list(`/api/chat/messages?userId=${seller.user.id}`, buyer);
    expect(total).toBe(MANY);
    expect(items).toHaveLength(LIST_CAP);
    const contents = (items as { content: string }[]).map((m) => m.content);
    expect(contents[0]).toBe(`Mensaje ${MANY - LIST_CAP}`);
    expect(contents.at(-1)).toBe(`Mensaje ${MANY - 1}`);
  });

  it('a client that pages gets the page it asks for, with the same total', async () => {
    const pages: [string, number][] = [
      ['/api/products/available?page=0&size=12', AVAILABLE],
      ['/api/products?search=libro&page=1&size=12', BOOKS],
      [`/api/reviews?revieweeId=${seller.user.id}&page=0&size=12`, REVIEWS],
      [`/api/notifications?userId=${buyer.user.id}&page=0&size=20`, MANY],
      [`/api/chat/messages?userId=${seller.user.id}&size=30`, MANY],
    ];
    for (const [url, expected] of pages) {
      const { items, total } = await list(url, buyer);
      expect(total, url).toBe(expected);
      expect(items.length, url).toBe(Number(new URL(url, 'http://x').searchParams.get('size')));
    }
    // A page is at most 100 long; only a call without `size` gets the cap.
    const tooLong = await callAs(ctx, 'GET', '/api/products/available?size=101');
    expect(tooLong.statusCode).toBe(400);
  });
});
