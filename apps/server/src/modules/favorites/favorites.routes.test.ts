import {
  FAVORITE_MESSAGES,
  type Favorite,
  type FavoriteIds,
  type FavoriteState,
} from '@unimercado/shared/schemas/favorites';
import type { Product } from '@unimercado/shared/schemas/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites } from '../../db/schema';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import { callAs, sellTo, createTradeCast, expectErrorBody } from '../../test/trade';

describe('favourites', () => {
  let ctx: TestContext;
  let seller: Account;
  let fan: Account;
  let other: Account;
  let admin: Account;
  let unverified: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ seller, buyer: fan, other, admin, unverified } = await createTradeCast(ctx));
  });
  afterAll(() => ctx.close());

  const toggle = (who: Account | null, productId: unknown, userId: unknown = who?.user.id) =>
    callAs(ctx, who, 'POST', '/api/favorites', {
      userId,
      productId,
    });
  const listOf = (who: Account | null, userId: unknown = who?.user.id) =>
    callAs(ctx, who, 'GET', `/api/favorites?userId=${String(userId)}`);
  const expectError = expectErrorBody;

  it('toggles a product in and out of the caller’s favourites, for any signed-in member', async () => {
    const product = await createProduct(ctx, seller, { title: 'Audífonos' });
    for (const who of [fan, other, admin, unverified]) {
      const on = await toggle(who, product.id);
      expect(on.statusCode).toBe(200);
      expect(on.json<FavoriteState>()).toEqual({
        userId: who.user.id,
        productId: product.id,
        isFavorite: true,
      });
    }
    const off = await toggle(other, product.id);
    expect(off.json<FavoriteState>().isFavorite).toBe(false);
    const status = await callAs(ctx, other, 'GET', `/api/favorites/status?productId=${product.id}`);
    expect(status.json<FavoriteState>().isFavorite).toBe(false);
    const mine = await callAs(ctx, fan, 'GET', `/api/favorites/status?productId=${product.id}`);
    expect(mine.json<FavoriteState>().isFavorite).toBe(true);
  });

  it('lists the caller’s favourites with productId and the product embedded, newest first', async () => {
    const collector = await createAccount(ctx, { verified: true });
    const first = await createProduct(ctx, seller, { title: 'Primero', price: 1000 });
    const second = await createProduct(ctx, seller, { title: 'Segundo', price: 3000 });
    await toggle(collector, first.id);
    await toggle(collector, second.id);
    const res = await listOf(collector);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const items = res.json<Favorite[]>();
    expect(items.map((item) => item.productId)).toEqual([second.id, first.id]);
    expect(items[0]).toMatchObject({
      userId: collector.user.id,
      productId: second.id,
      product: { id: second.id, title: 'Segundo', price: 3000, sellerId: seller.user.id },
    });
    expect(items[0]?.product.favoritesCount).toBeUndefined();
    // Without userId: the caller's own too.
    const bare = await callAs(ctx, collector, 'GET', '/api/favorites');
    expect(bare.json<Favorite[]>()).toHaveLength(2);
    const page = await callAs(ctx, collector, 'GET', '/api/favorites?size=1&page=1');
    expect(page.json<Favorite[]>().map((item) => item.productId)).toEqual([first.id]);
  });

  it('refuses another user’s favourites, anonymous callers and one’s own product', async () => {
    const product = await createProduct(ctx, seller);
    for (const who of [seller, other, admin, unverified]) {
      expectError(await listOf(who, fan.user.id), 403, { error: FAVORITE_MESSAGES.userMismatch });
    }
    expectError(await listOf(null, fan.user.id), 401);
    expectError(await toggle(other, product.id, fan.user.id), 403, {
      error: FAVORITE_MESSAGES.userMismatch,
    });
    expectError(await toggle(admin, product.id, fan.user.id), 403);
    expectError(await toggle(null, product.id), 401);
    expectError(await toggle(seller, product.id), 403, {
      code: 'SELF_ACTION',
      error: FAVORITE_MESSAGES.ownProduct,
    });
    expectError(await toggle(fan, 999999), 404, { error: FAVORITE_MESSAGES.productNotFound });
    for (const productId of ['01', '0x2', 0, null, 'abc']) {
      expectError(await toggle(fan, productId), 400, { code: 'VALIDATION_ERROR' });
    }
    expectError(await listOf(fan, 'abc'), 400);
    const state = await callAs(ctx, fan, 'GET', `/api/favorites/status?productId=${product.id}`);
    expect(state.json<FavoriteState>().isFavorite).toBe(false);
  });

  it('gives each caller the ids of all and only their own favourites, beyond one page', async () => {
    const collector = await createAccount(ctx, { verified: true });
    const saved = [];
    for (let i = 0; i < 3; i += 1) saved.push(await createProduct(ctx, seller));
    for (const product of saved) await toggle(collector, product.id);
    await toggle(collector, saved[1]?.id); // and out again
    await toggle(fan, saved[1]?.id);
    const idsOf = (who: Account | null) => callAs(ctx, who, 'GET', '/api/favorites/ids');
    const mine = await idsOf(collector);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<FavoriteIds>()).toEqual({ productIds: [saved[2]?.id, saved[0]?.id] });
    // The list pages; the ids are all of them (the hearts on any grid).
    const firstPage = await callAs(ctx, collector, 'GET', '/api/favorites?size=1');
    expect(firstPage.json<Favorite[]>()).toHaveLength(1);
    expect(firstPage.headers['x-total-count']).toBe('2');
    // Another member, the seller and an admin see their own, never the collector's.
    expect((await idsOf(fan)).json<FavoriteIds>().productIds).toContain(saved[1]?.id);
    expect((await idsOf(fan)).json<FavoriteIds>().productIds).not.toContain(saved[0]?.id);
    expect((await idsOf(seller)).json<FavoriteIds>()).toEqual({ productIds: [] });
    expect((await idsOf(admin)).json<FavoriteIds>().productIds).not.toContain(saved[2]?.id);
    expectError(await idsOf(null), 401);
  });

  it('never fails when toggles of one product race', async () => {
    const product = await createProduct(ctx, seller);
    const results = await Promise.all(Array.from({ length: 12 }, () => toggle(fan, product.id)));
    for (const res of results) expect(res.statusCode).toBe(200);
    const list = (await listOf(fan)).json<Favorite[]>();
    expect(list.filter((item) => item.productId === product.id).length).toBeLessThanOrEqual(1);
  });

  it('shows the seller how many people saved a listing, and nobody else', async () => {
    const product = await createProduct(ctx, seller);
    await toggle(fan, product.id);
    await toggle(other, product.id);
    const own = await callAs(ctx, seller, 'GET', `/api/products/${product.id}`);
    expect(own.json<Product>().favoritesCount).toBe(2);
    const mine = await callAs(ctx, seller, 'GET', `/api/products?sellerId=${seller.user.id}`);
    expect(mine.json<Product[]>().find((item) => item.id === product.id)?.favoritesCount).toBe(2);
    for (const who of [fan, admin, null]) {
      const seen = await callAs(ctx, who, 'GET', `/api/products/${product.id}`);
      expect(seen.json<Product>().favoritesCount).toBeUndefined();
      const list = await callAs(ctx, who, 'GET', `/api/products?sellerId=${seller.user.id}`);
      expect(list.json<Product[]>()[0]?.favoritesCount).toBeUndefined();
    }
  });

  it('a deleted product leaves every favourites list; a sold one stays and can be removed', async () => {
    const gone = await createProduct(ctx, seller);
    const sold = await createProduct(ctx, seller);
    const watcher = await createAccount(ctx, { verified: true });
    await toggle(watcher, gone.id);
    await toggle(watcher, sold.id);
    await sellTo(ctx, seller, other, sold);
    expect((await callAs(ctx, seller, 'DELETE', `/api/products/${gone.id}`)).statusCode).toBe(204);
    const items = (await listOf(watcher)).json<Favorite[]>();
    expect(items.map((item) => [item.productId, item.product.isSold])).toEqual([[sold.id, true]]);
    expect((await toggle(watcher, sold.id)).json<FavoriteState>().isFavorite).toBe(false);
    expectError(await toggle(watcher, gone.id), 404);
  });

  it('deleting an account takes its favourites and its unsold listings out of every list', async () => {
    const leavingSeller = await createAccount(ctx, { verified: true });
    const leavingFan = await createAccount(ctx, { verified: true });
    const listing = await createProduct(ctx, leavingSeller);
    const kept = await createProduct(ctx, seller);
    await toggle(fan, listing.id);
    await toggle(leavingFan, kept.id);
    for (const gone of [leavingSeller, leavingFan]) {
      expect((await callAs(ctx, admin, 'DELETE', `/api/users/${gone.user.id}`)).statusCode).toBe(
        204,
      );
    }
    const items = (await listOf(fan)).json<Favorite[]>();
    expect(items.some((item) => item.productId === listing.id)).toBe(false);
    const rows = await ctx.database.db
      .select()
      .from(favorites)
      .where(eq(favorites.userId, leavingFan.user.id));
    expect(rows).toEqual([]);
    const own = await callAs(ctx, seller, 'GET', `/api/products/${kept.id}`);
    expect(own.json<Product>().favoritesCount).toBe(0);
  });
});
