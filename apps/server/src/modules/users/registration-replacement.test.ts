import type { ErrorBody } from '@unimercado/shared/errors';
import type { User } from '@unimercado/shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccounts,
  callAs,
  createAccount,
  createTestApp,
  latestVerificationToken,
  login,
  readOutbox,
  registerUser,
  uniqueEmail,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { createProduct } from '../../test/products';
import { makeOffer, sellTo } from '../../test/trade';
import { setAdminByEmail } from './admin-grants';

/**
 * Registering an address replaces the account holding it only when that account is a pending
 * registration: not verified, no admin, holding nothing a person made (decisions 010, 037). Every
 * way an account gets verified, and everything a person makes, keeps it (issue 18: registering a
 * demo account's address answered 201 and deleted the account with its listings).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const register = (email: string, password = 'clave-de-otra-persona') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { name: 'Otra Persona', email, password, confirmPassword: password },
  });

/** The registration is refused and the account is still there, signing in as before. */
const expectKept = async (account: { id: number; email: string; password: string }) => {
  const res = await register(account.email);
  expect(res.statusCode).toBe(409);
  expect(res.json<ErrorBody>()).toMatchObject({ code: 'EMAIL_TAKEN' });
  expect(await activeAccounts(ctx, account.email)).toEqual([{ id: account.id }]);
  await expect(login(ctx.app, account.email, account.password)).resolves.toMatchObject({
    id: account.id,
  });
};

/** An email change within ten minutes of signing in: the account is unverified again. */
const moveToNewAddress = async (account: Account) => {
  const email = uniqueEmail('moved');
  const res = await callAs(ctx, 'PUT', `/api/users/${account.user.id}`, account.token, {
    name: account.user.name,
    email,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json<User>()).toMatchObject({ email, verified: false });
  return { id: account.user.id, email, password: account.password };
};

describe('every way an account gets verified keeps it from being replaced', () => {
  it('the verification link', async () => {
    const { user, password } = await registerUser(ctx.app);
    const link = await latestVerificationToken(ctx, user.email);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${link}`,
    });
    expect(verified.statusCode).toBe(200);
    await expectKept({ id: user.id, email: user.email, password });
  });

  it('the password reset link', async () => {
    const { user } = await registerUser(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    await ctx.app.mailer.flush();
    const mail = (await readOutbox(ctx.config, user.email)).find((m) =>
      m.text.includes('reset-password?token='),
    );
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'clave-elegida-1', confirmPassword: 'clave-elegida-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(ctx.app, user.email, 'clave-elegida-1')).verified).toBe(true);
    await expectKept({ id: user.id, email: user.email, password: 'clave-elegida-1' });
  });

  it('the admin CLI (an operator may make an unverified account admin)', async () => {
    const operator = await createAccount(ctx);
    const adminDeps = { db: ctx.database.db, now: () => new Date(), bus: null };
    expect(await setAdminByEmail(adminDeps, operator.email, true)).toBe('granted');
    await expectKept({ id: operator.user.id, email: operator.email, password: operator.password });
    await expect(login(ctx.app, operator.email, operator.password)).resolves.toMatchObject({
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    });
  });

  // The demo seed's accounts: demo/demo-seed.test.ts.
});

describe('an unverified account that holds anything a person made is never replaced', () => {
  it('a favourite (unverified members may favourite)', async () => {
    const seller = await createAccount(ctx, { verified: true });
    const product = await createProduct(ctx, seller);
    const pending = await createAccount(ctx);
    const fav = await callAs(ctx, 'POST', '/api/favorites', pending.token, {
      productId: product.id,
    });
    expect(fav.statusCode).toBe(200);
    await expectKept({ id: pending.user.id, email: pending.email, password: pending.password });
    const mine = await callAs(ctx, 'GET', '/api/favorites/ids', pending.token);
    expect(mine.json()).toEqual({ productIds: [product.id] });
  });

  it('a listing, after an email change left the account unverified', async () => {
    const seller = await createAccount(ctx, { verified: true });
    const product = await createProduct(ctx, seller);
    const moved = await moveToNewAddress(seller);
    await expectKept(moved);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(res.json()).toMatchObject({ id: product.id, sellerId: seller.user.id });
  });

  it('an offer', async () => {
    const seller = await createAccount(ctx, { verified: true });
    const buyer = await createAccount(ctx, { verified: true });
    const product = await createProduct(ctx, seller);
    const offer = await makeOffer(ctx, buyer, product, product.price - 1000);
    await expectKept(await moveToNewAddress(buyer));
    const offers = await callAs(
      ctx,
      'GET',
      `/api/sales/product/${product.id}/offers`,
      seller.token,
    );
    expect(offers.json()).toEqual([expect.objectContaining({ id: offer.id, status: 'pending' })]);
  });

  it('a chat message, sent or received', async () => {
    const sender = await createAccount(ctx, { verified: true });
    const receiver = await createAccount(ctx);
    const sent = await callAs(ctx, 'POST', '/api/chat/messages', sender.token, {
      senderId: sender.user.id,
      receiverId: receiver.user.id,
      content: 'Hola, ¿sigue disponible?',
      timestamp: new Date().toISOString(),
    });
    expect(sent.statusCode).toBe(201);
    // The receiver never verified: what someone wrote to them is kept.
    await expectKept({ id: receiver.user.id, email: receiver.email, password: receiver.password });
    await expectKept(await moveToNewAddress(sender));
    const history = await callAs(
      ctx,
      'GET',
      `/api/chat/messages?userId=${receiver.user.id}`,
      sender.token,
    );
    expect(history.json()).toEqual([
      expect.objectContaining({ content: 'Hola, ¿sigue disponible?' }),
    ]);
  });

  it('a review, written or received', async () => {
    const seller = await createAccount(ctx, { verified: true });
    const buyer = await createAccount(ctx, { verified: true });
    const product = await createProduct(ctx, seller);
    await sellTo(ctx, seller, buyer, product);
    const review = await callAs(ctx, 'POST', '/api/reviews', buyer.token, {
      rating: 5,
      comment: 'Todo perfecto',
      productId: product.id,
      reviewerId: buyer.user.id,
      revieweeId: seller.user.id,
    });
    expect(review.statusCode).toBe(201);
    await expectKept(await moveToNewAddress(buyer));
    await expectKept(await moveToNewAddress(seller));
    const received = await ctx.app.inject({
      method: 'GET',
      url: `/api/reviews?revieweeId=${seller.user.id}`,
    });
    expect(received.json()).toEqual([expect.objectContaining({ comment: 'Todo perfecto' })]);
  });
});

describe('an account that holds nothing and is not verified', () => {
  it('is replaced by the address owner, also after an email change (decision 037)', async () => {
    const mover = await createAccount(ctx, { verified: true });
    const moved = await moveToNewAddress(mover);
    const res = await register(moved.email, 'clave-de-la-duena');
    expect(res.statusCode).toBe(201);
    expect(await activeAccounts(ctx, moved.email)).toEqual([{ id: res.json<User>().id }]);
    const old = await callAs(ctx, 'GET', '/api/auth/verification-status', mover.token);
    expect(old.statusCode).toBe(401);
  });
});
