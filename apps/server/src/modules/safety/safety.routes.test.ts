import type { ChatMessage } from '@unimercado/shared/chat';
import type { Product } from '@unimercado/shared/schemas/products';
import { SAFETY_MESSAGES, type BlockedUser, type Report } from '@unimercado/shared/schemas/safety';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import { callAs, createTradeCast, expectErrorBody, postOffer } from '../../test/trade';

describe('reports and blocks', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  let unverified: Account;

  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: { reportsPerAccount: { max: 6, windowMs: 60_000 } } });
    ({ seller, buyer, other, admin, unverified } = await createTradeCast(ctx));
  });
  afterAll(() => ctx.close());

  const report = (who: Account | null, body: Record<string, unknown>) =>
    callAs(ctx, who, 'POST', '/api/reports', body);
  const send = (from: Account, to: Account, content: string) =>
    callAs(ctx, from, 'POST', '/api/chat/messages', { receiverId: to.user.id, content });
  const block = (who: Account | null, target: Account) =>
    callAs(ctx, who, 'POST', '/api/blocks', { userId: target.user.id });

  it('files a report of a listing once per reporter while it is open (409 after)', async () => {
    const product = await createProduct(ctx, seller, { title: 'Reportable' });
    const body = { targetType: 'product', targetId: product.id, reason: 'scam', details: ' raro ' };
    const first = await report(buyer, body);
    expect(first.statusCode).toBe(201);
    expect(first.json<Report>()).toMatchObject({
      targetType: 'product',
      targetId: product.id,
      reason: 'scam',
      details: 'raro',
      status: 'open',
    });
    expectErrorBody(await report(buyer, body), 409, {
      code: 'CONFLICT',
      error: SAFETY_MESSAGES.alreadyReported,
    });
    // Another member (an admin too) may report the same listing.
    expect((await report(other, body)).statusCode).toBe(201);
    expect((await report(admin, body)).statusCode).toBe(201);
  });

  it('makes one report of two identical reports sent at once', async () => {
    const product = await createProduct(ctx, seller, { title: 'Doble clic' });
    const body = { targetType: 'product', targetId: product.id, reason: 'spam' };
    const answers = await Promise.all([report(other, body), report(other, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses anonymous, unverified, own targets, unknown targets and reasons off the list', async () => {
    const product = await createProduct(ctx, seller, { title: 'Mío' });
    const body = { targetType: 'product', targetId: product.id, reason: 'scam' };
    expectErrorBody(await report(null, body), 401);
    expectErrorBody(await report(unverified, body), 403, { code: 'EMAIL_NOT_VERIFIED' });
    expectErrorBody(await report(seller, body), 403, { code: 'SELF_ACTION' });
    expectErrorBody(await report(buyer, { ...body, targetId: 999_999 }), 404);
    expectErrorBody(await report(buyer, { ...body, reason: 'boring' }), 400, {
      error: SAFETY_MESSAGES.reasonInvalid,
    });
    expectErrorBody(await report(buyer, { ...body, details: 'x'.repeat(501) }), 400, {
      error: SAFETY_MESSAGES.detailsTooLong,
    });
    expectErrorBody(await report(buyer, { ...body, targetType: 'sale' }), 400);
  });

  it('reports a member, and a message only by the one who received it', async () => {
    const sent = await send(seller, buyer, 'Págame antes por Nequi');
    expect(sent.statusCode).toBe(201);
    const message = sent.json<ChatMessage>();
    const body = { targetType: 'message', targetId: message.id, reason: 'scam' };
    // Someone outside the conversation learns nothing: the same 404 as an unknown id.
    expectErrorBody(await report(other, body), 404, { error: SAFETY_MESSAGES.messageNotFound });
    expectErrorBody(await report(admin, body), 404);
    expectErrorBody(await report(seller, body), 403, { error: SAFETY_MESSAGES.messageNotYours });
    expect((await report(buyer, body)).statusCode).toBe(201);
    const member = { targetType: 'user', targetId: seller.user.id, reason: 'offensive' };
    expect((await report(buyer, member)).statusCode).toBe(201);
    expectErrorBody(await report(seller, member), 403, { code: 'SELF_ACTION' });
  });

  it('rate-limits reports per account', async () => {
    const reporter = await createAccount(ctx, { verified: true });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const product = await createProduct(ctx, seller, { title: `Lote ${i}` });
      statuses.push(
        (await report(reporter, { targetType: 'product', targetId: product.id, reason: 'spam' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('a block stops messages and offers both ways and hides listings from the blocker', async () => {
    const [ana, beto] = await Promise.all([
      createAccount(ctx, { verified: true, name: 'Ana Bloqueadora' }),
      createAccount(ctx, { verified: true, name: 'Beto Bloqueado' }),
    ]);
    const betoListing = await createProduct(ctx, beto, { title: 'Bicicleta de Beto', price: 900 });
    const anaListing = await createProduct(ctx, ana, { title: 'Lámpara de Ana', price: 900 });
    expect((await send(beto, ana, 'hola')).statusCode).toBe(201);

    const blocked = await block(ana, beto);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json<BlockedUser>()).toMatchObject({
      userId: beto.user.id,
      name: 'Beto Bloqueado',
    });
    // Blocking again is the same answer.
    expect((await block(ana, beto)).statusCode).toBe(200);

    for (const [from, to] of [
      [beto, ana],
      [ana, beto],
    ] as const) {
      expectErrorBody(await send(from, to, 'sigues ahí?'), 403, { error: SAFETY_MESSAGES.blocked });
    }
    expectErrorBody(await postOffer(ctx, beto, anaListing.id, 100), 403, {
      error: SAFETY_MESSAGES.blocked,
    });
    expectErrorBody(await postOffer(ctx, ana, betoListing.id, 100), 403, {
      error: SAFETY_MESSAGES.blocked,
    });

    const titles = async (who: Account | null) =>
      (await callAs(ctx, who, 'GET', '/api/products?search=Bicicleta%20de%20Beto'))
        .json<Product[]>()
        .map((product) => product.title);
    expect(await titles(ana)).toEqual([]);
    expect(await titles(other)).toEqual(['Bicicleta de Beto']);
    expect(await titles(null)).toEqual(['Bicicleta de Beto']);

    const list = await callAs(ctx, ana, 'GET', '/api/blocks');
    expect(list.json<BlockedUser[]>().map((row) => row.userId)).toEqual([beto.user.id]);
    // The blocked member's list does not show who blocked them.
    expect((await callAs(ctx, beto, 'GET', '/api/blocks')).json<BlockedUser[]>()).toEqual([]);
    // Only the blocker lifts it.
    expectErrorBody(await callAs(ctx, beto, 'DELETE', `/api/blocks/${ana.user.id}`), 404);
    expect((await callAs(ctx, ana, 'DELETE', `/api/blocks/${beto.user.id}`)).statusCode).toBe(204);
    expect((await send(beto, ana, 'gracias')).statusCode).toBe(201);
    expect(await titles(ana)).toEqual(['Bicicleta de Beto']);
  });

  it('blocks: anonymous 401, oneself 403, unknown member 404', async () => {
    expectErrorBody(await block(null, seller), 401);
    expectErrorBody(await block(other, other), 403, { code: 'SELF_ACTION' });
    expectErrorBody(await callAs(ctx, other, 'POST', '/api/blocks', { userId: 999_999 }), 404);
    expectErrorBody(await callAs(ctx, null, 'GET', '/api/blocks'), 401);
    expectErrorBody(await callAs(ctx, null, 'DELETE', `/api/blocks/${seller.user.id}`), 401);
    // An unverified member may block (protection needs no verified address).
    expect((await block(unverified, seller)).statusCode).toBe(200);
  });

  it('a block racing a message: the message is either stored before it or refused', async () => {
    const [ana, beto] = await Promise.all([
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
    ]);
    const [blocked, sent] = await Promise.all([block(ana, beto), send(beto, ana, 'en vuelo')]);
    expect(blocked.statusCode).toBe(200);
    expect([201, 403]).toContain(sent.statusCode);
    // Once the block is answered, nothing more gets through.
    expectErrorBody(await send(beto, ana, 'después'), 403);
  });
});
