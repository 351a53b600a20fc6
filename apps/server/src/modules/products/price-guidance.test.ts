import type { PriceGuidance, Product } from '@unimercado/shared/schemas/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import { callAs, expectErrorBody, sellTo } from '../../test/trade';

/** GET /api/products/price-guidance (decision 098): what similar listings sold for. */
describe('price guidance for the publish form', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  let books: number;
  let electronics: number;

  const guidance = (who: Account | null, categoryId: number, title: string) =>
    callAs(
      ctx,
      who,
      'GET',
      `/api/products/price-guidance?categoryId=${categoryId}&title=${encodeURIComponent(title)}`,
    );

  const soldByHand = async (title: string, price: number, categoryId: number) => {
    const product = await createProduct(ctx, seller, { title, price, categoryId });
    const res = await callAs(ctx, seller, 'PATCH', `/api/products/${product.id}/sold`);
    expect(res.statusCode).toBe(200);
    return product;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    seller = await createAccount(ctx, { verified: true });
    buyer = await createAccount(ctx, { verified: true });
    other = await createAccount(ctx, { verified: true });
    admin = await createAccount(ctx, { verified: true, admin: true });
    const categories = (await callAs(ctx, null, 'GET', '/api/categories')).json<
      { id: number; name: string }[]
    >();
    electronics = categories.find((category) => category.name === 'Electrónica')!.id;
    books = categories.find((category) => category.name === 'Libros y apuntes')!.id;
  });
  afterAll(() => ctx.close());

  it('gives nothing but the count until three similar listings sold: never a made-up figure', async () => {
    await soldByHand('Calculadora Casio fx-570', 30_000, electronics);
    await soldByHand('Calculadora casio fx-82', 20_000, electronics);
    const two = await guidance(other, electronics, 'calculadora casio');
    expect(two.statusCode).toBe(200);
    expect(two.json<PriceGuidance>()).toEqual({ count: 2, low: null, high: null, median: null });
  });

  it('answers the median and range of similar sold listings, the accepted offer as the price', async () => {
    // Sold through an offer: the price is what was agreed (sellTo offers the price minus 1).
    const offered = await createProduct(ctx, seller, {
      title: 'Calculadora científica Casio',
      price: 45_001,
      categoryId: electronics,
    });
    await sellTo(ctx, seller, buyer, offered);
    // Not similar, another category, or not sold: left out.
    await soldByHand('Audífonos Sony', 10_000, electronics);
    await soldByHand('Calculadora Casio (libro de ejercicios)', 900_000, books);
    await createProduct(ctx, seller, {
      title: 'Calculadora Casio',
      price: 5,
      categoryId: electronics,
    });

    const expected: PriceGuidance = { count: 3, low: 20_000, high: 45_000, median: 30_000 };
    // The same answer to the seller of those listings, another member and an admin.
    for (const who of [seller, other, admin]) {
      const res = await guidance(who, electronics, '  Calculadora CÁSIO ');
      expect(res.statusCode).toBe(200);
      expect(res.json<PriceGuidance>()).toEqual(expected);
    }
    // Nothing similar in that category.
    expect((await guidance(other, electronics, 'Bicicleta de ruta')).json<PriceGuidance>()).toEqual(
      { count: 0, low: null, high: null, median: null },
    );
  });

  it('leaves out a listing hidden by moderation', async () => {
    const hidden: Product = await soldByHand('Calculadora Casio fx-991', 1_000, electronics);
    const before = (await guidance(other, electronics, 'Calculadora Casio')).json<PriceGuidance>();
    expect(before.count).toBe(4);
    // Straight in the table: the moderation queue is not what this tests.
    await ctx.database.db
      .update(products)
      .set({ hiddenAt: new Date() })
      .where(eq(products.id, hidden.id));
    const after = (await guidance(other, electronics, 'Calculadora Casio')).json<PriceGuidance>();
    expect(after).toEqual({ count: 3, low: 20_000, high: 45_000, median: 30_000 });
  });

  it('asks for a session, and refuses bad input with the contract body', async () => {
    expectErrorBody(await guidance(null, electronics, 'Calculadora'), 401);
    expectErrorBody(await guidance(other, electronics, '   '), 400, { code: 'VALIDATION_ERROR' });
    expectErrorBody(await guidance(other, electronics, 'x'.repeat(41)), 400);
    const noCategory = await callAs(ctx, other, 'GET', '/api/products/price-guidance?title=Casio');
    expectErrorBody(noCategory, 400);
    const badCategory = await callAs(
      ctx,
      other,
      'GET',
      '/api/products/price-guidance?categoryId=abc&title=Casio',
    );
    expectErrorBody(badCategory, 400);
    // A category that does not exist simply has no sales.
    expect((await guidance(other, 999_999, 'Casio')).json<PriceGuidance>().count).toBe(0);
  });
});
