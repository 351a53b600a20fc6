import type { ChatMessage } from '@unimercado/shared/chat';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import type { Product } from '@unimercado/shared/schemas/products';
import {
  MODERATION_MESSAGES,
  SAFETY_MESSAGES,
  type ModerationGroup,
  type ModerationLogEntry,
} from '@unimercado/shared/schemas/safety';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccount,
  createTestApp,
  login,
  TEST_PASSWORD,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { assert, attest, createAuthenticator } from '../../test/passkeys';
import { createProduct } from '../../test/products';
import { callAs, expectErrorBody, postOffer } from '../../test/trade';

const DAY_MS = 24 * 60 * 60_000;

describe('moderation', () => {
  let ctx: TestContext;
  let clock = Date.now();
  let admin: Account;
  let admin2: Account;
  let seller: Account;
  let reporters: Account[];

  beforeAll(async () => {
    ctx = await createTestApp({ now: () => new Date(clock) });
    [admin, admin2, seller, ...reporters] = await Promise.all([
      createAccount(ctx, { verified: true, admin: true, name: 'Admin Uno' }),
      createAccount(ctx, { verified: true, admin: true, name: 'Admin Dos' }),
      createAccount(ctx, { verified: true, name: 'Vendedor Reportado' }),
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
    ]);
  });
  afterAll(() => ctx.close());

  const report = (who: Account, targetType: string, targetId: number, reason = 'scam') =>
    callAs(ctx, who, 'POST', '/api/reports', { targetType, targetId, reason });
  const act = (who: Account | null, body: Record<string, unknown>) =>
    callAs(ctx, who, 'POST', '/api/moderation/actions', body);
  const queue = async () => {
    const res = await callAs(ctx, admin, 'GET', '/api/moderation/reports');
    expect(res.statusCode).toBe(200);
    return res.json<ModerationGroup[]>();
  };
  const log = async () =>
    (await callAs(ctx, admin2, 'GET', '/api/moderation/log')).json<ModerationLogEntry[]>();

  it('the queue and the log are for admins only', async () => {
    const [r0] = reporters as [Account];
    for (const url of ['/api/moderation/reports', '/api/moderation/log']) {
      expectErrorBody(await callAs(ctx, null, 'GET', url), 401);
      expectErrorBody(await callAs(ctx, r0, 'GET', url), 403);
      expect((await callAs(ctx, admin, 'GET', url)).statusCode).toBe(200);
    }
    const body = { targetType: 'user', targetId: seller.user.id, action: 'dismiss', reason: 'x' };
    expectErrorBody(await act(null, body), 401);
    expectErrorBody(await act(r0, body), 403);
  });

  it('groups open reports by target with counts and the message in its conversation', async () => {
    const [r0, r1] = reporters as [Account, Account];
    const product = await createProduct(ctx, seller, { title: 'Celular dudoso' });
    await report(r0, 'product', product.id);
    await report(r1, 'product', product.id, 'misleading');
    for (const content of ['hola', 'págame antes por Nequi', '¿seguro?']) {
      const from = content === '¿seguro?' ? r0 : seller;
      const to = from === seller ? r0 : seller;
      await callAs(ctx, from, 'POST', '/api/chat/messages', { receiverId: to.user.id, content });
    }
    const history = await callAs(ctx, r0, 'GET', `/api/chat/messages?userId=${seller.user.id}`);
    const shady = history.json<ChatMessage[]>().find((m) => m.content.includes('Nequi'))!;
    await report(r0, 'message', shady.id);

    const groups = await queue();
    const listing = groups.find((g) => g.targetType === 'product' && g.targetId === product.id);
    expect(listing).toMatchObject({
      count: 2,
      member: { id: seller.user.id, name: 'Vendedor Reportado' },
      product: { id: product.id, title: 'Celular dudoso', hidden: false },
    });
    expect(listing?.reports.map((r) => r.reason)).toEqual(['scam', 'misleading']);
    const message = groups.find((g) => g.targetType === 'message' && g.targetId === shady.id);
    expect(message?.message?.content).toBe('págame antes por Nequi');
    expect(message?.conversation.map((m) => m.content)).toEqual([
      'hola',
      'págame antes por Nequi',
      '¿seguro?',
    ]);
    // The most reported first.
    expect(groups.indexOf(listing!)).toBeLessThan(groups.indexOf(message!));

    // Removing the message keeps its place, not its words.
    const removed = await act(admin, {
      targetType: 'message',
      targetId: shady.id,
      action: 'removeMessage',
      reason: 'Pide pago por adelantado',
    });
    expect(removed.statusCode).toBe(201);
    const after = await callAs(ctx, r0, 'GET', `/api/chat/messages?userId=${seller.user.id}`);
    expect(after.json<ChatMessage[]>().map((m) => m.content)).toEqual([
      'hola',
      'Mensaje eliminado por moderación.',
      '¿seguro?',
    ]);
  });

  it('hiding a listing takes it out of lists and its page for others; the log says who and why', async () => {
    const [r0, r1] = reporters as [Account, Account];
    const product = await createProduct(ctx, seller, { title: 'Oculto pronto', price: 5000 });
    await report(r0, 'product', product.id);
    const hidden = await act(admin, {
      targetType: 'product',
      targetId: product.id,
      action: 'hideListing',
      reason: '  Producto prohibido  ',
    });
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json<ModerationLogEntry>()).toMatchObject({
      action: 'hideListing',
      admin: { id: admin.user.id, name: 'Admin Uno' },
      member: { id: seller.user.id },
      reason: 'Producto prohibido',
    });
    expectErrorBody(await callAs(ctx, r1, 'GET', `/api/products/${product.id}`), 404);
    expectErrorBody(await callAs(ctx, null, 'GET', `/api/products/${product.id}`), 404);
    expect((await callAs(ctx, seller, 'GET', `/api/products/${product.id}`)).statusCode).toBe(200);
    expect((await callAs(ctx, admin2, 'GET', `/api/products/${product.id}`)).statusCode).toBe(200);
    const search = await callAs(ctx, null, 'GET', '/api/products?search=Oculto%20pronto');
    expect(search.json<Product[]>()).toEqual([]);
    const own = await callAs(ctx, seller, 'GET', `/api/products?sellerId=${seller.user.id}`);
    expect(own.json<Product[]>().map((p) => p.id)).toContain(product.id);
    expectErrorBody(await postOffer(ctx, r1, product.id, 100), 404);
    expect((await log())[0]).toMatchObject({ action: 'hideListing', targetId: product.id });
    expect((await queue()).some((g) => g.targetId === product.id)).toBe(false);
  });

  it('two admins acting on one report at once: one acts, the other gets 409 and changes nothing', async () => {
    const [r0] = reporters as [Account];
    const product = await createProduct(ctx, seller, { title: 'Carrera' });
    await report(r0, 'product', product.id);
    const answers = await Promise.all([
      act(admin, {
        targetType: 'product',
        targetId: product.id,
        action: 'hideListing',
        reason: 'a',
      }),
      act(admin2, { targetType: 'product', targetId: product.id, action: 'dismiss', reason: 'b' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const lost = answers.find((res) => res.statusCode === 409)!;
    expectErrorBody(lost, 409, { error: MODERATION_MESSAGES.handled });
    const entries = (await log()).filter((e) => e.targetId === product.id);
    expect(entries).toHaveLength(1);
  });

  it('hides a listing by itself once three different members report it', async () => {
    const product = await createProduct(ctx, seller, { title: 'Muy reportado' });
    const [r0, r1, r2] = reporters as [Account, Account, Account];
    await report(r0, 'product', product.id);
    await report(r1, 'product', product.id);
    expect((await callAs(ctx, null, 'GET', `/api/products/${product.id}`)).statusCode).toBe(200);
    await report(r2, 'product', product.id);
    expectErrorBody(await callAs(ctx, null, 'GET', `/api/products/${product.id}`), 404);
    expect((await log()).find((e) => e.targetId === product.id)).toMatchObject({
      action: 'autoHide',
      admin: null,
      reason: MODERATION_MESSAGES.autoHideReason,
    });
    // Still in the queue, for an admin to decide.
    const group = (await queue()).find((g) => g.targetId === product.id);
    expect(group).toMatchObject({ count: 3, product: { hidden: true } });
  });

  it('a warning reaches the member as a notification', async () => {
    const [r0] = reporters as [Account];
    const member = await createAccount(ctx, { verified: true });
    await report(r0, 'user', member.user.id, 'offensive');
    expect(
      (
        await act(admin, {
          targetType: 'user',
          targetId: member.user.id,
          action: 'warn',
          reason: 'Insultos en el chat',
        })
      ).statusCode,
    ).toBe(201);
    const notes = await callAs(ctx, member, 'GET', `/api/notifications?userId=${member.user.id}`);
    expect(notes.json<Notification[]>()[0]).toMatchObject({
      typeId: 4,
      message: MODERATION_MESSAGES.warning('Insultos en el chat'),
    });
  });

  it('an admin cannot be warned or suspended, and actions must fit the target', async () => {
    const [r0] = reporters as [Account];
    await report(r0, 'user', admin2.user.id);
    expectErrorBody(
      await act(admin, {
        targetType: 'user',
        targetId: admin2.user.id,
        action: 'suspend',
        reason: 'x',
      }),
      403,
      { error: MODERATION_MESSAGES.notOnAdmin },
    );
    expectErrorBody(
      await act(admin, {
        targetType: 'user',
        targetId: admin2.user.id,
        action: 'hideListing',
        reason: 'x',
      }),
      400,
    );
    expectErrorBody(
      await act(admin, {
        targetType: 'user',
        targetId: admin2.user.id,
        action: 'warn',
        reason: '',
      }),
      400,
      { error: MODERATION_MESSAGES.reasonRequired },
    );
    // Nothing above closed the report.
    expect((await queue()).some((g) => g.targetId === admin2.user.id)).toBe(true);
  });

  it('a suspension ends every session and refuses sign-in (password and passkey) until it ends', async () => {
    const [r0] = reporters as [Account];
    const member = await createAccount(ctx, { verified: true });
    // A passkey added before the suspension.
    const authenticator = createAuthenticator();
    const options = await callAs(ctx, member, 'POST', '/api/passkeys/options', {});
    expect(options.statusCode).toBe(200);
    const { challenge } = options.json<{ challenge: string }>();
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/passkeys',
      headers: bearer(member.token),
      payload: {
        response: attest(authenticator, {
          rpId: 'localhost',
          origin: 'http://localhost:3000',
          challenge,
        }),
      },
    });
    expect(added.statusCode, added.body).toBe(201);

    await report(r0, 'user', member.user.id);
    const suspended = await act(admin, {
      targetType: 'user',
      targetId: member.user.id,
      action: 'suspend',
      reason: 'Estafa comprobada',
      days: 7,
    });
    expect(suspended.statusCode).toBe(201);
    expect(suspended.json<ModerationLogEntry>().until).toBe(
      new Date(clock + 7 * DAY_MS).toISOString(),
    );
    expectErrorBody(await callAs(ctx, member, 'GET', '/api/blocks'), 401);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expectErrorBody(refused, 403, { code: 'ACCOUNT_SUSPENDED' });
    expect(refused.json<{ error: string }>().error).toMatch(/^Tu cuenta está suspendida hasta el /);
    // A wrong password still says only that.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'otra-cosa' },
    });
    expectErrorBody(wrong, 400, { code: 'INVALID_CREDENTIALS' });

    const passkeySignIn = async () => {
      const start = await ctx.app.inject({ method: 'POST', url: '/api/auth/passkeys/options' });
      const cookie = start.cookies.find((c) => c.name === 'um_passkey')!.value;
      return ctx.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/login',
        cookies: { um_passkey: cookie },
        payload: {
          response: assert(authenticator, {
            rpId: 'localhost',
            origin: 'http://localhost:3000',
            challenge: start.json<{ challenge: string }>().challenge,
          }),
        },
      });
    };
    expectErrorBody(await passkeySignIn(), 403, { code: 'ACCOUNT_SUSPENDED' });

    clock += 7 * DAY_MS + 60_000;
    expect((await login(ctx.app, member.email)).token).toBeTruthy();
    expect((await passkeySignIn()).statusCode).toBe(200);
  });

  it('a permanent suspension says so', async () => {
    const [r0] = reporters as [Account];
    const member = await createAccount(ctx, { verified: true });
    await report(r0, 'user', member.user.id);
    await act(admin, {
      targetType: 'user',
      targetId: member.user.id,
      action: 'suspend',
      reason: 'x',
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expectErrorBody(refused, 403, { error: SAFETY_MESSAGES.suspendedPermanently });
  });
});
