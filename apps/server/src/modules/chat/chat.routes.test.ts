import type { ChatMessage, ChatUser } from '@unimercado/shared/chat';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callAs,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from '../../test/helpers';

let ctx: TestContext;
let clock = new Date('2026-11-20T10:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  callAs(ctx, method, url, token, payload);

const send = async (from: Account, to: Account, content: string) => {
  const res = await call('POST', '/api/chat/messages', from.token, {
    receiverId: to.user.id,
    content,
  });
  expect(res.statusCode, res.body).toBe(201);
  clock = new Date(clock.getTime() + 1_000);
  return res.json<ChatMessage>();
};

describe('chat REST calls', () => {
  let ana: Account;
  let beto: Account;
  let carla: Account;
  let admin: Account;
  beforeAll(async () => {
    ana = await createAccount(ctx, { verified: true, name: 'Ana Gómez' });
    beto = await createAccount(ctx, { verified: true, name: 'Beto Ruiz' });
    carla = await createAccount(ctx, { verified: true, name: 'Carla Mora' });
    admin = await createAccount(ctx, { verified: true, admin: true });
  });

  it('anonymous callers get 401 on every chat call', async () => {
    for (const [method, url] of [
      ['GET', '/api/chat/users'],
      ['GET', `/api/chat/messages?userId=${ana.user.id}`],
      ['POST', '/api/chat/messages'],
      ['PUT', `/api/chat/messages/read?userId=${ana.user.id}`],
      ['GET', '/api/chat/preferences'],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
    }
  });

  it('GET /api/chat/users: the caller’s conversations, newest first, with last message and unread count', async () => {
    await send(ana, beto, 'Hola Beto');
    await send(beto, ana, 'Hola Ana');
    await send(carla, ana, '¿Vendes la bici?');
    await send(carla, ana, '¿Sigue disponible?');
    const res = await call('GET', '/api/chat/users', ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const list = res.json<ChatUser[]>();
    expect(list.map((u) => [u.id, u.name, u.email, u.unreadCount, u.lastMessage?.content])).toEqual(
      [
        [carla.user.id, 'Carla Mora', carla.email, 2, '¿Sigue disponible?'],
        [beto.user.id, 'Beto Ruiz', beto.email, 1, 'Hola Ana'],
      ],
    );
    // Another user sees only their own conversations; an admin has no special view.
    const beto_ = (await call('GET', '/api/chat/users', beto.token)).json<ChatUser[]>();
    expect(beto_.map((u) => [u.id, u.unreadCount])).toEqual([[ana.user.id, 1]]);
    expect((await call('GET', '/api/chat/users', admin.token)).json()).toEqual([]);
    // Paged.
    const paged = await call('GET', '/api/chat/users?size=1&page=1', ana.token);
    expect(paged.json<ChatUser[]>().map((u) => u.id)).toEqual([beto.user.id]);
  });

  it('GET /api/chat/messages: only that conversation, oldest first, with a cursor to older pages', async () => {
    const dan = await createAccount(ctx, { verified: true });
    const eva = await createAccount(ctx, { verified: true });
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 5; i += 1)
      sent.push(await send(i % 2 ? dan : eva, i % 2 ? eva : dan, `m${i}`));
    await send(dan, ana, 'otra conversación');
    // A spec client reads the whole conversation in reading order.
    const whole = await call('GET', `/api/chat/messages?userId=${eva.user.id}`, dan.token);
    expect(whole.json<ChatMessage[]>().map((m) => m.content)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
    expect(whole.headers['x-total-count']).toBe('5');
    expect(whole.headers['x-next-cursor']).toBeUndefined();
    // Pages: the newest messages first, each page oldest first; the cursor is its oldest message.
    const first = await call('GET', `/api/chat/messages?userId=${eva.user.id}&size=2`, dan.token);
    expect(first.json<ChatMessage[]>().map((m) => m.content)).toEqual(['m4', 'm5']);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBe(String(sent[3]!.id));
    const second = await call(
      'GET',
      `/api/chat/messages?userId=${eva.user.id}&size=2&before=${String(cursor)}`,
      dan.token,
    );
    expect(second.json<ChatMessage[]>().map((m) => m.content)).toEqual(['m2', 'm3']);
    const last = await call(
      'GET',
      `/api/chat/messages?userId=${eva.user.id}&size=2&before=${sent[1]!.id}`,
      dan.token,
    );
    expect(last.json<ChatMessage[]>().map((m) => m.content)).toEqual(['m1']);
    expect(last.headers['x-next-cursor']).toBeUndefined();
    // A third person asking about dan finds nothing of dan and eva's conversation.
    const outsider = await call('GET', `/api/chat/messages?userId=${dan.user.id}`, carla.token);
    expect(outsider.json()).toEqual([]);
    expect((await call('GET', '/api/chat/messages?userId=abc', dan.token)).statusCode).toBe(400);
  });

  it('PUT /api/chat/messages/read marks what that person sent the caller as read', async () => {
    const fer = await createAccount(ctx, { verified: true });
    const gil = await createAccount(ctx, { verified: true });
    await send(fer, gil, 'uno');
    await send(fer, gil, 'dos');
    await send(gil, fer, 'respuesta');
    // The sender cannot mark the receiver's side read.
    const bySender = await call('PUT', `/api/chat/messages/read?userId=${gil.user.id}`, fer.token);
    expect(bySender.json()).toEqual({ updated: 1 });
    const res = await call('PUT', `/api/chat/messages/read?userId=${fer.user.id}`, gil.token);
    expect(res.json()).toEqual({ updated: 2 });
    const list = (await call('GET', '/api/chat/users', gil.token)).json<ChatUser[]>();
    expect(list[0]?.unreadCount).toBe(0);
    const history = (await call('GET', `/api/chat/messages?userId=${fer.user.id}`, gil.token)).json<
      ChatMessage[]
    >();
    expect(history.every((m) => m.read)).toBe(true);
  });

  it('POST /api/chat/messages: the same rules as the STOMP SEND', async () => {
    const unverified = await createAccount(ctx);
    const refusals: [Account, unknown, number, string][] = [
      [ana, { receiverId: beto.user.id, content: '  ' }, 400, 'El mensaje no puede estar vacío.'],
      [
        ana,
        { receiverId: ana.user.id, content: 'yo' },
        400,
        'No puedes enviarte mensajes a ti mismo.',
      ],
      [
        ana,
        { senderId: beto.user.id, receiverId: carla.user.id, content: 'suplanto' },
        403,
        'El remitente del mensaje no coincide con tu sesión.',
      ],
      [ana, { receiverId: 2_000_000_000, content: 'hola' }, 404, 'El destinatario no existe.'],
      [
        unverified,
        { receiverId: ana.user.id, content: 'hola' },
        403,
        expect.stringMatching(/verificar/),
      ],
    ];
    for (const [who, payload, status, error] of refusals) {
      const res = await call('POST', '/api/chat/messages', who.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ error: string }>().error).toEqual(error);
    }
  });

  it('notifies the receiver once per burst and again after a quiet read conversation', async () => {
    const hugo = await createAccount(ctx, { verified: true, name: 'Hugo Paz' });
    const ines = await createAccount(ctx, { verified: true });
    const notificationsOf = async () =>
      (await call('GET', '/api/notifications', ines.token)).json<Notification[]>();
    await send(hugo, ines, 'uno');
    await send(hugo, ines, 'dos');
    expect((await notificationsOf()).map((n) => [n.typeId, n.message])).toEqual([
      [1, 'Has recibido un mensaje de Hugo Paz'],
    ]);
    // Read, but still within the quiet window: a live conversation does not ring again.
    await call('PUT', `/api/chat/messages/read?userId=${hugo.user.id}`, ines.token);
    await send(hugo, ines, 'tres');
    expect(await notificationsOf()).toHaveLength(1);
    // Read and quiet for a while: the next message is a new burst.
    await call('PUT', `/api/chat/messages/read?userId=${hugo.user.id}`, ines.token);
    clock = new Date(clock.getTime() + 6 * 60_000);
    await send(hugo, ines, 'cuatro');
    expect(await notificationsOf()).toHaveLength(2);
    // Unread messages pending: no new notification, however long ago.
    clock = new Date(clock.getTime() + 60 * 60_000);
    await send(hugo, ines, 'cinco');
    expect(await notificationsOf()).toHaveLength(2);
  });

  it('GET/PUT /api/chat/preferences: the caller’s own digest setting', async () => {
    expect((await call('GET', '/api/chat/preferences', ana.token)).json()).toEqual({
      unreadDigest: true,
    });
    const off = await call('PUT', '/api/chat/preferences', ana.token, { unreadDigest: false });
    expect(off.json()).toEqual({ unreadDigest: false });
    expect((await call('GET', '/api/chat/preferences', ana.token)).json()).toEqual({
      unreadDigest: false,
    });
    expect((await call('GET', '/api/chat/preferences', beto.token)).json()).toEqual({
      unreadDigest: true,
    });
    expect(
      (await call('PUT', '/api/chat/preferences', ana.token, { unreadDigest: 'no' })).statusCode,
    ).toBe(400);
  });

  it('a deleted counterpart stays in the list as "Usuario eliminado", without an address', async () => {
    const jon = await createAccount(ctx, { verified: true });
    const kim = await createAccount(ctx, { verified: true });
    await send(jon, kim, 'hasta luego');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${jon.user.id}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(204);
    const list = (await call('GET', '/api/chat/users', kim.token)).json<ChatUser[]>();
    expect(list).toEqual([
      expect.objectContaining({ id: jon.user.id, name: 'Usuario eliminado', email: '' }),
    ]);
    const history = await call('GET', `/api/chat/messages?userId=${jon.user.id}`, kim.token);
    expect(history.json<ChatMessage[]>().map((m) => m.content)).toEqual(['hasta luego']);
    // And nobody can write to them any more.
    const res = await call('POST', '/api/chat/messages', kim.token, {
      receiverId: jon.user.id,
      content: '¿Sigues ahí?',
    });
    expect(res.statusCode).toBe(404);
  });
});
