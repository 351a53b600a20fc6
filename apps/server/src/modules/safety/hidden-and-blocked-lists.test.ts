import type { Favorite } from '@unimercado/shared/schemas/favorites';
import type { Product, SellerStats } from '@unimercado/shared/schemas/products';
import type { Purchase } from '@unimercado/shared/schemas/sales';
import type { BlockState } from '@unimercado/shared/schemas/safety';
import type { UserStats } from '@unimercado/shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import { callAs, expectErrorBody, sellTo } from '../../test/trade';

/**
 * Decision 081: listings hidden by moderation, and listings of a seller the viewer blocked, do
 * not show as live anywhere a member lists products; where the two members stand with each other
 * (`GET /api/blocks/:userId`) closes their conversation.
 */
describe('hidden and blocked listings outside the product lists', () => {
  let ctx: TestContext;
  let admin: Account;
  let reporter: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, reporter] = await Promise.all([
      createAccount(ctx, { verified: true, admin: true }),
      createAccount(ctx, { verified: true }),
    ]);
  });
  afterAll(() => ctx.close());

  const hide = async (productId: number) => {
    const reported = await callAs(ctx, reporter, 'POST', '/api/reports', {
      targetType: 'product',
      targetId: productId,
      reason: 'prohibited',
    });
    expect(reported.statusCode).toBe(201);
    const acted = await callAs(ctx, admin, 'POST', '/api/moderation/actions', {
      targetType: 'product',
      targetId: productId,
      action: 'hideListing',
      reason: 'Producto prohibido',
    });
    expect(acted.statusCode).toBe(201);
  };
  const favourite = async (who: Account, productId: number) =>
    expect((await callAs(ctx, who, 'POST', '/api/favorites', { productId })).statusCode).toBe(200);
  const favourites = async (who: Account) => {
    const res = await callAs(ctx, who, 'GET', `/api/favorites?userId=${who.user.id}`);
    expect(res.statusCode).toBe(200);
    return {
      titles: res.json<Favorite[]>().map((row) => row.product.title),
      total: res.headers['x-total-count'],
    };
  };
  const available = async (who: Account | null) => {
    const res = await callAs(ctx, who, 'GET', '/api/products/available?size=100');
    expect(res.statusCode).toBe(200);
    return res.json<Product[]>().map((product) => product.title);
  };

  it('GET /api/blocks/:userId: each side sees the conversation closed; only the blocker sees their block', async () => {
    const [ana, beto, carla] = await Promise.all([
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
    ]);
    const state = async (who: Account | null, target: Account) =>
      callAs(ctx, who, 'GET', `/api/blocks/${target.user.id}`);
    expect((await state(ana, beto)).json<BlockState>()).toEqual({
      userId: beto.user.id,
      isBlockedByMe: false,
      isClosed: false,
    });
    await callAs(ctx, ana, 'POST', '/api/blocks', { userId: beto.user.id });
    expect((await state(ana, beto)).json<BlockState>()).toEqual({
      userId: beto.user.id,
      isBlockedByMe: true,
      isClosed: true,
    });
    // The blocked member: closed, and nothing to lift.
    expect((await state(beto, ana)).json<BlockState>()).toEqual({
      userId: ana.user.id,
      isBlockedByMe: false,
      isClosed: true,
    });
    // Someone else, an admin too, stands with each of them as before.
    for (const who of [carla, admin]) {
      expect((await state(who, beto)).json<BlockState>()).toMatchObject({ isClosed: false });
      expect((await state(who, ana)).json<BlockState>()).toMatchObject({ isClosed: false });
    }
    expectErrorBody(await state(null, beto), 401);
    expectErrorBody(await callAs(ctx, ana, 'GET', '/api/blocks/999999'), 404);
    expectErrorBody(await callAs(ctx, ana, 'GET', '/api/blocks/abc'), 400);
    // Lifted: open again both ways.
    await callAs(ctx, ana, 'DELETE', `/api/blocks/${beto.user.id}`);
    expect((await state(beto, ana)).json<BlockState>()).toMatchObject({ isClosed: false });
  });

  it("GET /api/products/available leaves out a blocked seller's listings for the blocker only", async () => {
    const [blocker, seller, bystander] = await Promise.all([
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
    ]);
    await createProduct(ctx, seller, { title: 'Patineta disponible' });
    // The anonymous page is cached first: the blocker must not be given it.
    expect(await available(null)).toContain('Patineta disponible');
    await callAs(ctx, blocker, 'POST', '/api/blocks', { userId: seller.user.id });
    expect(await available(blocker)).not.toContain('Patineta disponible');
    expect(await available(bystander)).toContain('Patineta disponible');
    expect(await available(null)).toContain('Patineta disponible');
    // A spec client's `Bearer null` is anonymous.
    const specClient = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/available?size=100',
      headers: { authorization: 'Bearer null' },
    });
    expect(specClient.json<Product[]>().map((p) => p.title)).toContain('Patineta disponible');
    await callAs(ctx, blocker, 'DELETE', `/api/blocks/${seller.user.id}`);
    expect(await available(blocker)).toContain('Patineta disponible');
  });

  it('favourites leave out hidden listings and those of a blocked seller, and bring them back', async () => {
    const [member, seller, other] = await Promise.all([
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
    ]);
    const kept = await createProduct(ctx, other, { title: 'Favorito visible' });
    const hidden = await createProduct(ctx, other, { title: 'Favorito oculto' });
    const blockedOnes = await createProduct(ctx, seller, { title: 'Favorito de bloqueado' });
    for (const product of [kept, hidden, blockedOnes]) await favourite(member, product.id);
    expect((await favourites(member)).total).toBe('3');

    await hide(hidden.id);
    await callAs(ctx, member, 'POST', '/api/blocks', { userId: seller.user.id });
    expect(await favourites(member)).toEqual({ titles: ['Favorito visible'], total: '1' });

    await callAs(ctx, member, 'DELETE', `/api/blocks/${seller.user.id}`);
    expect((await favourites(member)).titles.sort()).toEqual([
      'Favorito de bloqueado',
      'Favorito visible',
    ]);
  });

  it("a hidden listing does not count as active in its seller's stats nor in their public count", async () => {
    const seller = await createAccount(ctx, { verified: true });
    await createProduct(ctx, seller, { title: 'Activo' });
    const hidden = await createProduct(ctx, seller, { title: 'Oculto' });
    await hide(hidden.id);
    const stats = await callAs(ctx, seller, 'GET', '/api/products/stats');
    expect(stats.json<SellerStats>()).toMatchObject({ total: 2, active: 1, sold: 0 });
    const publicStats = await callAs(ctx, null, 'GET', `/api/users/${seller.user.id}/stats`);
    expect(publicStats.json<UserStats>()).toMatchObject({ productos: 1 });
    // The seller's own list says which one is hidden; nobody else's list has it.
    const own = await callAs(ctx, seller, 'GET', `/api/products?sellerId=${seller.user.id}`);
    expect(
      own.json<Product[]>().map((product) => [product.title, product.isHidden ?? false]),
    ).toEqual(
      expect.arrayContaining([
        ['Activo', false],
        ['Oculto', true],
      ]),
    );
    const theirs = await callAs(ctx, reporter, 'GET', `/api/products?sellerId=${seller.user.id}`);
    expect(theirs.json<Product[]>().map((product) => product.title)).toEqual(['Activo']);
  });

  it('a purchase stays in the buyer’s list, its product marked hidden so it is not opened as live', async () => {
    const [seller, buyer] = await Promise.all([
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
    ]);
    const product = await createProduct(ctx, seller, { title: 'Comprado y oculto', price: 900 });
    await sellTo(ctx, seller, buyer, product);
    await hide(product.id);
    const res = await callAs(ctx, buyer, 'GET', `/api/sales/buyer/${buyer.user.id}`);
    expect(res.json<Purchase[]>().map((row) => [row.product.title, row.product.isHidden])).toEqual([
      ['Comprado y oculto', true],
    ]);
    expectErrorBody(await callAs(ctx, buyer, 'GET', `/api/products/${product.id}`), 404);
  });
});
