import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx';
import {
  callAs,
  countRows,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  callAs(ctx, method, url, token, payload);

/** What the trade module will do when an offer is made (issue 9): the server's own notification. */
const notifyOffer = (seller: Account, buyer: Account, saleId: number) =>
  inTransaction(ctx.database.db, (tx, afterCommit) =>
    ctx.app.notifier.notify(
      { tx, afterCommit },
      {
        userId: seller.user.id,
        typeId: NOTIFICATION_TYPES.newOffer,
        message: 'Has recibido una nueva oferta...',
        eventKey: `offer:${saleId}`,
        actorId: buyer.user.id,
      },
    ),
  );

describe('notifications REST calls', () => {
  let owner: Account;
  let other: Account;
  let admin: Account;
  beforeAll(async () => {
    owner = await createAccount(ctx, { verified: true });
    other = await createAccount(ctx, { verified: true });
    admin = await createAccount(ctx, { verified: true, admin: true });
  });

  it('anonymous callers get 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/count'],
      ['POST', '/api/notifications'],
      ['PUT', '/api/notifications/1/read'],
      ['PUT', '/api/notifications/read-all'],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
    }
  });

  it('GET: the caller only, newest first, paginated, filtered by read state', async () => {
    for (let i = 1; i <= 3; i += 1) await notifyOffer(owner, other, 1000 + i);
    await notifyOffer(other, owner, 2000);
    const res = await call('GET', `/api/notifications?userId=${owner.user.id}&size=2`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const page = res.json<Notification[]>();
    expect(page).toHaveLength(2);
    expect(page.every((n) => n.userId === owner.user.id)).toBe(true);
    expect(page[0]!.id).toBeGreaterThan(page[1]!.id);
    // Without userId it is the caller's too.
    expect((await call('GET', '/api/notifications', owner.token)).json()).toHaveLength(3);
    // Anyone else's list is 403, admins included.
    for (const token of [other.token, admin.token]) {
      const refused = await call('GET', `/api/notifications?userId=${owner.user.id}`, token);
      expect(refused.statusCode).toBe(403);
    }
    expect((await call('GET', '/api/notifications?read=true', owner.token)).json()).toEqual([]);
    expect((await call('GET', '/api/notifications?read=false', owner.token)).json()).toHaveLength(
      3,
    );
    expect((await call('GET', '/api/notifications/count', owner.token)).json()).toEqual({
      unread: 3,
      read: 0,
    });
  });

  it('PUT /{id}/read: the owner only; 404 for an unknown id', async () => {
    const created = await notifyOffer(owner, other, 3000);
    const id = created!.id;
    for (const token of [other.token, admin.token]) {
      const refused = await call('PUT', `/api/notifications/${id}/read`, token);
      expect(refused.statusCode).toBe(403);
    }
    const res = await call('PUT', `/api/notifications/${id}/read`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, read: true });
    expect((await call('PUT', `/api/notifications/${id}/read`, owner.token)).statusCode).toBe(200);
    expect((await call('PUT', '/api/notifications/999999/read', owner.token)).statusCode).toBe(404);
    expect((await call('PUT', '/api/notifications/abc/read', owner.token)).statusCode).toBe(400);
  });

  it('PUT /read-all marks only the caller’s', async () => {
    const reader = await createAccount(ctx, { verified: true });
    await notifyOffer(reader, owner, 4000);
    await notifyOffer(reader, owner, 4001);
    const res = await call('PUT', '/api/notifications/read-all', reader.token);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await call('GET', '/api/notifications/count', reader.token)).json()).toEqual({
      unread: 0,
      read: 2,
    });
    expect(
      (await call('GET', '/api/notifications/count', owner.token)).json<{ unread: number }>()
        .unread,
    ).toBeGreaterThan(0);
  });

  describe('POST (decision 023)', () => {
    it('creates a notification for oneself', async () => {
      const res = await call('POST', '/api/notifications', owner.token, {
        userId: owner.user.id,
        typeId: 2,
        message: 'Recordar recoger el libro',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ userId: owner.user.id, typeId: 2, read: false });
    });

    it('never writes an arbitrary notification to someone else (403), admins included', async () => {
      const stranger = await createAccount(ctx, { verified: true });
      const before = await countRows(ctx, 'notifications');
      for (const token of [stranger.token, admin.token]) {
        const res = await call('POST', '/api/notifications', token, {
          userId: owner.user.id,
          typeId: 3,
          message: 'Has ganado un premio, entra a este enlace',
        });
        expect(res.statusCode).toBe(403);
      }
      expect(await countRows(ctx, 'notifications')).toBe(before);
    }, 15_000);

    it('a spec client echoing an offer the server already notified creates no duplicate', async () => {
      const seller = await createAccount(ctx, { verified: true });
      const buyer = await createAccount(ctx, { verified: true });
      const server = await notifyOffer(seller, buyer, 5000);
      const before = await countRows(ctx, 'notifications');
      const res = await call('POST', '/api/notifications', buyer.token, {
        userId: seller.user.id,
        typeId: 3,
        message: 'Has recibido una nueva oferta de 50000',
        read: false,
      });
      expect(res.statusCode).toBe(200);
      // Only what the caller sent: nothing of the seller's notification (id, text, time, read).
      expect(res.json()).toEqual({
        userId: seller.user.id,
        typeId: 3,
        message: 'Has recibido una nueva oferta de 50000',
        read: false,
      });
      expect(await countRows(ctx, 'notifications')).toBe(before);
      // The seller reads it; the next echo still says nothing of that.
      await call('PUT', `/api/notifications/${server!.id}/read`, seller.token);
      const again = await call('POST', '/api/notifications', buyer.token, {
        userId: seller.user.id,
        typeId: 3,
        message: 'Otra vez',
      });
      expect(again.json()).toEqual({ userId: seller.user.id, typeId: 3, message: 'Otra vez' });
    });

    it('a spec client echoing a chat message, even one that arrives first, creates no duplicate', async () => {
      const sender = await createAccount(ctx, { verified: true, name: 'Sofía' });
      const receiver = await createAccount(ctx, { verified: true });
      // The echo is sent before the message is stored (STOMP and HTTP race); it waits for it.
      const echo = call('POST', '/api/notifications', sender.token, {
        userId: receiver.user.id,
        typeId: 1,
        message: 'Has recibido un mensaje de Sofía',
      });
      const sent = await call('POST', '/api/chat/messages', sender.token, {
        receiverId: receiver.user.id,
        content: 'Hola',
      });
      expect(sent.statusCode).toBe(201);
      const res = await echo;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        userId: receiver.user.id,
        typeId: 1,
        message: 'Has recibido un mensaje de Sofía',
      });
      const list = (await call('GET', '/api/notifications', receiver.token)).json<Notification[]>();
      expect(list.map((n) => [n.typeId, n.message])).toEqual([
        [1, 'Has recibido un mensaje de Sofía'],
      ]);
    });

    it('validates the body', async () => {
      for (const payload of [
        { typeId: 1 },
        { typeId: 9, message: 'x' },
        { typeId: 1, message: 'x'.repeat(501) },
      ]) {
        const res = await call('POST', '/api/notifications', owner.token, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });
});

describe('POST rate limit', () => {
  it('limits how often one account may post (429 with Retry-After)', async () => {
    const limited = await createTestApp({
      rateLimits: { notificationPostsPerAccount: { max: 2, windowMs: 60_000 } },
    });
    try {
      const account = await createAccount(limited, { verified: true });
      const post = () =>
        callAs(limited, 'POST', '/api/notifications', account.token, { typeId: 2, message: 'x' });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
