import type { ErrorBody } from '@unimercado/shared/errors';
import type { Product } from '@unimercado/shared/schemas/products';
import type { Sale } from '@unimercado/shared/schemas/sales';
import { expect } from 'vitest';
import { bearer, createAccount, type Account, type TestContext } from './helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call as `who` (null: anonymous). */
export const callAs = (
  ctx: TestContext,
  who: Account | null,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
) =>
  ctx.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload ? { payload } : {}),
  });

/** `POST /api/sales` as a spec client sends it (buyerId, productId, price, status 'pending'). */
export const postOffer = (
  ctx: TestContext,
  who: Account | null,
  productId: number,
  price: unknown,
  extra: Record<string, unknown> = {},
) =>
  callAs(ctx, who, 'POST', '/api/sales', {
    buyerId: who?.user.id,
    productId,
    price,
    status: 'pending',
    ...extra,
  });

/** An offer that must be taken. */
export const makeOffer = async (
  ctx: TestContext,
  buyer: Account,
  product: Pick<Product, 'id'>,
  price: number,
): Promise<Sale> => {
  const res = await postOffer(ctx, buyer, product.id, price);
  if (res.statusCode !== 201) throw new Error(`offer failed ${res.statusCode}: ${res.body}`);
  return res.json<Sale>();
};

export const acceptOffer = (ctx: TestContext, who: Account | null, saleId: number) =>
  callAs(ctx, who, 'PUT', `/api/sales/${saleId}/accept`);

export const rejectOffer = (ctx: TestContext, who: Account | null, saleId: number) =>
  callAs(ctx, who, 'PUT', `/api/sales/${saleId}/reject`);

/** Makes `buyer` the buyer of an accepted sale of `product`. */
export const sellTo = async (
  ctx: TestContext,
  seller: Account,
  buyer: Account,
  product: Pick<Product, 'id' | 'price'>,
) => {
  const sale = await makeOffer(ctx, buyer, product, Math.max(1, product.price - 1));
  const res = await acceptOffer(ctx, seller, sale.id);
  if (res.statusCode !== 200) throw new Error(`accept failed ${res.statusCode}: ${res.body}`);
  return res.json<Sale>();
};

/** The contract's error body with `status`: `error` and `message` carry the same Spanish text. */
export const expectErrorBody = (
  res: { statusCode: number; json: <T>() => T },
  status: number,
  match: Partial<ErrorBody> = {},
) => {
  expect(res.statusCode).toBe(status);
  const body = res.json<ErrorBody>();
  expect(body.error).toBeTruthy();
  expect(body.message).toBe(body.error);
  expect(body).toMatchObject(match);
};

/** The people every trade test acts as. */
export type TradeCast = {
  seller: Account;
  buyer: Account;
  other: Account;
  admin: Account;
  unverified: Account;
};

export const createTradeCast = async (ctx: TestContext): Promise<TradeCast> => {
  const [seller, buyer, other, admin, unverified] = await Promise.all([
    createAccount(ctx, { verified: true, name: 'Vendedora Ana' }),
    createAccount(ctx, { verified: true, name: 'Comprador Beto' }),
    createAccount(ctx, { verified: true, name: 'Otra Carla' }),
    createAccount(ctx, { verified: true, admin: true }),
    createAccount(ctx),
  ]);
  return { seller, buyer, other, admin, unverified };
};
