import type { Notification } from '@unimercado/shared/schemas/notifications';
import type { Product } from '@unimercado/shared/schemas/products';
import { SALE_MESSAGES, type Purchase, type Sale } from '@unimercado/shared/schemas/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { createProduct } from '../../test/products';

describe('offers, accepts and purchases', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  let unverified: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    [seller, buyer, other, admin, unverified] = await Promise.all([
      createAccount(ctx, { verified: true, name: 'Vendedora Ana' }),
      createAccount(ctx, { verified: true, name: 'Comprador Beto' }),
      createAccount(ctx, { verified: true, name: 'Otra Carla' }),
      createAccount(ctx, { verified: true, admin: true }),
      createAccount(ctx),
    ]);
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who: Account | null,
    payload?: Record<string, unknown>,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: who ? bearer(who.token) : {},
      ...(payload ? { payload } : {}),
    });

  const offer = (who: Account | null, product: Product, price: number, extra = {}) =>
    call('POST', '/api/sales', who, {
      buyerId: who?.user.id,
      productId: product.id,
      price,
      status: 'pending',
      ...extra,
    });

  const notificationsOf = async (who: Account) =>
    (await call('GET', '/api/notifications', who)).json<Notification[]>();

  it('takes an offer from a verified buyer, tells the seller, and the seller accepts it', async () => {
    const product = await createProduct(ctx, seller, { title: 'Bicicleta', price: 300000 });
    const created = await offer(buyer, product, 250000, { status: 'accepted' });
    expect(created.statusCode).toBe(201);
    const sale = created.json<Sale>();
    expect(sale).toMatchObject({
      buyerId: buyer.user.id,
      buyerName: 'Comprador Beto',
      productId: product.id,
      price: 250000,
      status: 'pending',
      decidedAt: null,
    });
    const [notice] = await notificationsOf(seller);
    expect(notice).toMatchObject({ typeId: 3, read: false });
    expect(notice?.message).toMatch(/^Has recibido una nueva oferta/);

    const offers = await call('GET', `/api/sales/product/${product.id}/offers`, seller);
    expect(offers.statusCode).toBe(200);
    expect(offers.json<Sale[]>().map((item) => item.id)).toEqual([sale.id]);

    const accepted = await call('PUT', `/api/sales/${sale.id}/accept`, seller);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Sale>().status).toBe('accepted');
    const detail = await call('GET', `/api/products/${product.id}`, null);
    expect(detail.json<Product>().isSold).toBe(true);

    const purchases = await call('GET', `/api/sales/buyer/${buyer.user.id}`, buyer);
    expect(purchases.statusCode).toBe(200);
    const [purchase] = purchases.json<Purchase[]>();
    expect(purchase).toMatchObject({ id: sale.id, status: 'accepted', productId: product.id });
    expect(purchase?.product).toMatchObject({ id: product.id, title: 'Bicicleta', isSold: true });
    const [answer] = await notificationsOf(buyer);
    expect(answer).toMatchObject({ typeId: 2 });
  });

  it('refuses offers at or above the listed price, on own products and from unverified accounts', async () => {
    const product = await createProduct(ctx, seller, { price: 1000 });
    const high = await offer(buyer, product, 1000);
    expect(high.statusCode).toBe(400);
    expect(high.json()).toMatchObject({ error: SALE_MESSAGES.priceNotBelow });
    expect((await offer(seller, product, 500)).statusCode).toBe(403);
    expect((await offer(unverified, product, 500)).json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect((await offer(null, product, 500)).statusCode).toBe(401);
    const forged = await offer(other, product, 500, { buyerId: buyer.user.id });
    expect(forged.statusCode).toBe(403);
    expect(admin.user.id).toBeGreaterThan(0);
  });
});
