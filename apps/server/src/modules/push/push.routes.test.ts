import { DESTINATIONS } from '@unimercado/shared/chat';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { PUSH_CATEGORIES, type PushPayload } from '@unimercado/shared/schemas/push';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { inTransaction } from '../../db/tx';
import {
  callAs,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { startPushService, type FakeBrowser } from '../../test/push-endpoint';
import { connectStomp, listenForSockets } from '../../test/stomp';

let ctx: TestContext;
let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService();
  ctx = await createTestApp({ pushAgent: service.agent });
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  callAs(ctx, method, url, token, payload);

let eventCount = 0;
/** A notification as the server's own modules make them (through the notifier). */
const notify = (userId: number, typeId: number, message: string, actorId?: number) =>
  inTransaction(ctx.database.db, (tx, afterCommit) =>
    ctx.app.notifier.notify(
      { tx, afterCommit },
      {
        userId,
        typeId,
        message,
        eventKey: `push-test:${++eventCount}`,
        ...(actorId === undefined ? {} : { actorId }),
        ...(typeId === NOTIFICATION_TYPES.message ? { link: `/chat?userId=${actorId}` } : {}),
      },
    ),
  );

const subscribe = async (account: Account, browser: FakeBrowser) => {
  const response = await call('POST', '/api/push/subscriptions', account.token, {
    ...browser.subscription,
    expirationTime: null,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; endpoint: string }>();
};

const payloadOf = (push: { plaintext: string }) => JSON.parse(push.plaintext) as PushPayload;

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key to anyone, the one pushes are signed with', async () => {
    const response = await call('GET', '/api/push/public-key');
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json<{ publicKey: string }>();
    expect(publicKey).toBe(ctx.config.push.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('push subscriptions', () => {
  let owner: Account;
  let other: Account;
  let admin: Account;
  beforeAll(async () => {
    owner = await createAccount(ctx, { verified: true });
    other = await createAccount(ctx, { verified: true });
    admin = await createAccount(ctx, { verified: true, admin: true });
  });

  it('anonymous callers get 401 on every call but the public key', async () => {
    const browser = service.newBrowser();
    for (const [method, url, body] of [
      ['POST', '/api/push/subscriptions', browser.subscription],
      ['DELETE', '/api/push/subscriptions', { endpoint: browser.subscription.endpoint }],
      ['GET', '/api/push/preferences', undefined],
      ['PUT', '/api/push/preferences', { offers: false }],
    ] as const) {
      const response = await call(method, url, undefined, body);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('refuses a malformed subscription with the contract error body and stores nothing', async () => {
    const browser = service.newBrowser();
    const cases = [
      { ...browser.subscription, endpoint: 'javascript:alert(1)' },
      { ...browser.subscription, endpoint: 'ftp://push.example/x' },
      { ...browser.subscription, endpoint: 'http://push.example/x' },
      { ...browser.subscription, keys: { p256dh: 'no válida', auth: 'x' } },
      { endpoint: browser.subscription.endpoint },
    ];
    for (const body of cases) {
      const response = await call('POST', '/api/push/subscriptions', owner.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = response.json<{ error: string; message: string; code: string }>();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.error).toBe(error.message);
    }
    const rows = await ctx.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.user.id));
    expect(rows).toHaveLength(0);
  });

  it('the owner receives an encrypted, VAPID-signed push of a new offer, and it decrypts', async () => {
    const browser = service.newBrowser();
    await subscribe(owner, browser);
    await notify(owner.user.id, NOTIFICATION_TYPES.newOffer, 'Has recibido una nueva oferta...');
    const push = await browser.next();
    expect(payloadOf(push)).toMatchObject({
      title: ctx.config.appName,
      body: 'Has recibido una nueva oferta...',
      url: '/my-products',
      typeId: NOTIFICATION_TYPES.newOffer,
    });
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.vapid).toMatchObject({
      aud: service.origin,
      sub: ctx.config.push.subject,
      publicKey: ctx.config.push.publicKey,
    });
    expect(service.failures).toEqual([]);
  });

  it("another member or an admin cannot remove the owner's subscription; the owner can", async () => {
    const browser = service.newBrowser();
    await subscribe(owner, browser);
    const body = { endpoint: browser.subscription.endpoint };
    for (const caller of [other, admin]) {
      const response = await call('DELETE', '/api/push/subscriptions', caller.token, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    await notify(owner.user.id, NOTIFICATION_TYPES.offerAnswered, 'Tu oferta fue aceptada');
    expect(payloadOf(await browser.next()).body).toBe('Tu oferta fue aceptada');

    const removed = await call('DELETE', '/api/push/subscriptions', owner.token, body);
    expect(removed.statusCode).toBe(204);
    expect((await call('DELETE', '/api/push/subscriptions', owner.token, body)).statusCode).toBe(
      404,
    );
  });

  it("a browser subscribed again by another member stops getting the first member's pushes", async () => {
    const first = await createAccount(ctx, { verified: true });
    const second = await createAccount(ctx, { verified: true });
    const browser = service.newBrowser();
    await subscribe(first, browser);
    await subscribe(second, browser);
    await notify(first.user.id, NOTIFICATION_TYPES.newOffer, 'Para la primera cuenta');
    await notify(second.user.id, NOTIFICATION_TYPES.newOffer, 'Para la segunda cuenta');
    expect(payloadOf(await browser.next()).body).toBe('Para la segunda cuenta');
    expect(browser.received.map((push) => payloadOf(push).body)).not.toContain(
      'Para la primera cuenta',
    );
  });

  it('a subscription the push service says is gone (410) is deleted', async () => {
    const member = await createAccount(ctx, { verified: true });
    const gone = service.newBrowser();
    const live = service.newBrowser();
    const { id } = await subscribe(member, gone);
    await subscribe(member, live);
    gone.answerWith(410);
    await notify(member.user.id, NOTIFICATION_TYPES.newOffer, 'Oferta uno');
    expect(payloadOf(await live.next()).body).toBe('Oferta uno');
    // The member's pushes go one at a time: once the next one arrived, the first was handled.
    await notify(member.user.id, NOTIFICATION_TYPES.newOffer, 'Oferta dos');
    expect(payloadOf(await live.next()).body).toBe('Oferta dos');
    const rows = await ctx.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.user.id));
    expect(rows.map((row) => row.id)).not.toContain(id);
    expect(rows).toHaveLength(1);
  });
});

describe('push preferences', () => {
  it('every category is on until switched off; only the caller changes', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const other = await createAccount(ctx, { verified: true });
    const admin = await createAccount(ctx, { verified: true, admin: true });
    const initial = await call('GET', '/api/push/preferences', owner.token);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual(Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, true])));

    const changed = await call('PUT', '/api/push/preferences', owner.token, {
      offers: false,
      savedSearches: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ offers: false, savedSearches: false, messages: true });
    for (const caller of [other, admin]) {
      const theirs = await call('GET', '/api/push/preferences', caller.token);
      expect(theirs.json()).toMatchObject({ offers: true, savedSearches: true });
    }
    const back = await call('PUT', '/api/push/preferences', owner.token, { savedSearches: true });
    expect(back.json()).toMatchObject({ offers: false, savedSearches: true });
  });

  it('refuses an unknown category or an empty change', async () => {
    const member = await createAccount(ctx, { verified: true });
    for (const body of [{}, { spam: true }, { offers: 'no' }]) {
      const response = await call('PUT', '/api/push/preferences', member.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('a category switched off is not pushed; the others still are', async () => {
    const member = await createAccount(ctx, { verified: true });
    const sender = await createAccount(ctx, { verified: true });
    const browser = service.newBrowser();
    await subscribe(member, browser);
    await call('PUT', '/api/push/preferences', member.token, { offers: false });
    await notify(member.user.id, NOTIFICATION_TYPES.newOffer, 'Oferta silenciada');
    await notify(member.user.id, NOTIFICATION_TYPES.moderation, 'Aviso de moderación');
    await notify(
      member.user.id,
      NOTIFICATION_TYPES.message,
      'Has recibido un mensaje',
      sender.user.id,
    );
    // One member's pushes go in order: the message arriving first means the others were dropped.
    const push = await browser.next();
    expect(payloadOf(push)).toMatchObject({
      body: 'Has recibido un mensaje',
      url: `/chat?userId=${sender.user.id}`,
    });
    expect(browser.received).toHaveLength(1);
  });
});

describe('no push for the conversation a member is looking at', () => {
  it('a chat message pushes, unless its receiver has that conversation open', async () => {
    const receiver = await createAccount(ctx, { verified: true });
    const sender = await createAccount(ctx, { verified: true });
    const third = await createAccount(ctx, { verified: true });
    const browser = service.newBrowser();
    await subscribe(receiver, browser);
    const { wsUrl } = await listenForSockets(ctx.app);
    const stomp = await connectStomp(wsUrl, {
      headers: { Authorization: `Bearer ${receiver.token}` },
    });
    const sendWithReceipt = (body: unknown) =>
      new Promise<void>((resolve) => {
        const receipt = `focus-${Math.random().toString(36).slice(2)}`;
        stomp.client.watchForReceipt(receipt, () => resolve());
        stomp.client.publish({
          destination: DESTINATIONS.chatFocus,
          body: JSON.stringify(body),
          headers: { receipt },
        });
      });
    try {
      await sendWithReceipt({ partnerId: sender.user.id, isFocused: true });
      const chat = await connectStomp(wsUrl, {
        headers: { Authorization: `Bearer ${sender.token}` },
      });
      chat.send(DESTINATIONS.chatPrivate, { receiverId: receiver.user.id, content: 'Hola' });
      await chat.disconnect();
      // Another conversation is not the one open: it pushes.
      await notify(
        receiver.user.id,
        NOTIFICATION_TYPES.message,
        'Has recibido un mensaje de Tercero',
        third.user.id,
      );
      expect(payloadOf(await browser.next()).body).toBe('Has recibido un mensaje de Tercero');
      expect(browser.received).toHaveLength(1);

      // Closed again: the same conversation pushes.
      await sendWithReceipt({ partnerId: sender.user.id, isFocused: false });
      await notify(
        receiver.user.id,
        NOTIFICATION_TYPES.message,
        'Has recibido un mensaje otra vez',
        sender.user.id,
      );
      expect(payloadOf(await browser.next()).body).toBe('Has recibido un mensaje otra vez');
    } finally {
      await stomp.disconnect();
    }
  });
});
