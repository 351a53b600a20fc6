import type { ChatMessage, ChatUser } from '@unimercado/shared/chat';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema';
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
      ['GET', '/api/chat/unread'],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
    }
  });

  it('GET /api/chat/users?scope=conversations: the caller’s conversations, newest first, with last message and unread count', async () => {
    await send(ana, beto, 'Hola Beto');
    await send(beto, ana, 'Hola Ana');
    await send(carla, ana, '¿Vendes la bici?');
    await send(carla, ana, '¿Sigue disponible?');
    const res = await call('GET', '/api/chat/users?scope=conversations', ana.token);
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
    const beto_ = (await call('GET', '/api/chat/users?scope=conversations', beto.token)).json<
      ChatUser[]
    >();
    expect(beto_.map((u) => [u.id, u.unreadCount])).toEqual([[ana.user.id, 1]]);
    expect((await call('GET', '/api/chat/users?scope=conversations', admin.token)).json()).toEqual(
      [],
    );
    // Paged.
    const paged = await call('GET', '/api/chat/users?scope=conversations&size=1&page=1', ana.token);
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
    expect(list[0]).toMatchObject({ id: fer.user.id, unreadCount: 0 });
    const history = (await call('GET', `/api/chat/messages?userId=${fer.user.id}`, gil.token)).json<
      ChatMessage[]
    >();
    expect(history.every((m) => m.read)).toBe(true);
  });

  it('GET /api/chat/unread: how many messages others sent the caller that are unread (the chat icon)', async () => {
    const hugo = await createAccount(ctx, { verified: true });
    const ines = await createAccount(ctx, { verified: true });
    const unreadOf = async (who: Account) => {
      const res = await call('GET', '/api/chat/unread', who.token);
      expect(res.statusCode).toBe(200);
      return res.json<{ unread: number; conversations: number }>();
    };
    await send(hugo, ines, 'uno');
    await send(hugo, ines, 'dos');
    await send(admin, ines, 'tres');
    // The owner's count: three messages from two people.
    expect(await unreadOf(ines)).toEqual({ unread: 3, conversations: 2 });
    // The sender's own messages are not unread for them; another user and an admin see their own.
    expect((await unreadOf(hugo)).unread).toBe(0);
    expect((await unreadOf(carla)).unread).toBe(0);
    expect((await unreadOf(admin)).unread).toBe(0);
    await call('PUT', `/api/chat/messages/read?userId=${hugo.user.id}`, ines.token);
    expect(await unreadOf(ines)).toEqual({ unread: 1, conversations: 1 });
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
    expect((await notificationsOf()).map((n) => [n.typeId, n.message, n.link])).toEqual([
      // It leads to the chat with the sender (issue 18).
      [1, 'Has recibido un mensaje de Hugo Paz', `/chat?userId=${hugo.user.id}`],
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

  it('GET/PUT /api/chat/preferences: the caller’s own digest and email reminder settings', async () => {
    expect((await call('GET', '/api/chat/preferences', ana.token)).json()).toEqual({
      unreadDigest: true,
      meetupReminderEmail: false,
      listingExpiryEmail: false,
    });
    const off = await call('PUT', '/api/chat/preferences', ana.token, { unreadDigest: false });
    expect(off.json()).toEqual({
      unreadDigest: false,
      meetupReminderEmail: false,
      listingExpiryEmail: false,
    });
    // A setting left out stays as it is.
    const on = await call('PUT', '/api/chat/preferences', ana.token, { meetupReminderEmail: true });
    expect(on.json()).toEqual({
      unreadDigest: false,
      meetupReminderEmail: true,
      listingExpiryEmail: false,
    });
    const expiry = await call('PUT', '/api/chat/preferences', ana.token, {
      listingExpiryEmail: true,
    });
    expect(expiry.json()).toEqual({
      unreadDigest: false,
      meetupReminderEmail: true,
      listingExpiryEmail: true,
    });
    expect((await call('GET', '/api/chat/preferences', ana.token)).json()).toEqual({
      unreadDigest: false,
      meetupReminderEmail: true,
      listingExpiryEmail: true,
    });
    expect((await call('GET', '/api/chat/preferences', beto.token)).json()).toEqual({
      unreadDigest: true,
      meetupReminderEmail: false,
      listingExpiryEmail: false,
    });
    expect(
      (await call('PUT', '/api/chat/preferences', ana.token, { unreadDigest: 'no' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/chat/preferences', ana.token, { listingExpiryEmail: 1 })).statusCode,
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
    const list = (await call('GET', '/api/chat/users?scope=conversations', kim.token)).json<
      ChatUser[]
    >();
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

/**
 * The spec's client opens /chat with the seller preselected and shows "partners plus the
 * preselected user" from GET /api/chat/users: a first contact needs the seller in that answer
 * (decision 040).
 */
describe('GET /api/chat/users for a first conversation', () => {
  let ctx2: TestContext;
  let me: Account;
  let partner: Account;
  let olderSeller: Account;
  let newerSeller: Account;
  let member: Account;
  let admin2: Account;
  let unverified: Account;
  beforeAll(async () => {
    ctx2 = await createTestApp();
    me = await createAccount(ctx2, { verified: true, name: 'Yo Mismo' });
    partner = await createAccount(ctx2, { verified: true, name: 'Pablo Pareja' });
    olderSeller = await createAccount(ctx2, { verified: true, name: 'Olga Antigua' });
    newerSeller = await createAccount(ctx2, { verified: true, name: 'Nora Reciente' });
    member = await createAccount(ctx2, { verified: true, name: 'Marta Sin Anuncios' });
    admin2 = await createAccount(ctx2, { verified: true, admin: true, name: 'Andrés Admin' });
    unverified = await createAccount(ctx2, { name: 'Ulises Sin Verificar' });
    const gone = await createAccount(ctx2, { verified: true, name: 'Gonzalo Borrado' });
    const { db } = ctx2.database;
    const [category] = await db.select().from(categories).limit(1);
    const listing = (seller: Account, createdAt: string, isSold = false) => ({
      sellerId: seller.user.id,
      categoryId: category!.id,
      title: `Anuncio de ${seller.user.name}`,
      description: 'En buen estado',
      price: 1000,
      condition: 'Usado',
      location: 'Biblioteca',
      isSold,
      createdAt: new Date(createdAt),
    });
    await db.insert(products).values([
      listing(olderSeller, '2026-10-01T10:00:00Z'),
      listing(newerSeller, '2026-10-05T10:00:00Z'),
      // A sold listing does not make its seller come first.
      listing(member, '2026-10-09T10:00:00Z', true),
    ]);
    await callAs(ctx2, 'POST', '/api/chat/messages', partner.token, {
      receiverId: me.user.id,
      content: 'Hola, ¿te interesa?',
    });
    await callAs(ctx2, 'POST', '/api/chat/messages', partner.token, {
      receiverId: unverified.user.id,
      content: 'Hola Ulises',
    });
    const deleted = await callAs(ctx2, 'DELETE', `/api/users/${gone.user.id}`, admin2.token);
    expect(deleted.statusCode).toBe(204);
  });
  afterAll(() => ctx2.close());

  const users = async (who: Account, query = '') => {
    const res = await callAs(ctx2, 'GET', `/api/chat/users${query}`, who.token);
    expect(res.statusCode, res.body).toBe(200);
    return { list: res.json<ChatUser[]>(), total: Number(res.headers['x-total-count']) };
  };

  it('a verified member: partners first, then the other verified members, sellers of the newest listings first', async () => {
    const { list, total } = await users(me);
    expect(list.map((u) => u.name)).toEqual([
      'Pablo Pareja',
      'Nora Reciente',
      'Olga Antigua',
      'Andrés Admin',
      'Marta Sin Anuncios',
    ]);
    expect(total).toBe(5);
    // The partner as before; the others only as a public profile shows them to anyone.
    expect(list[0]).toMatchObject({ email: partner.email, unreadCount: 1 });
    expect(list[0]!.lastMessage?.content).toBe('Hola, ¿te interesa?');
    for (const other of list.slice(1)) {
      expect(other).toEqual({
        id: other.id,
        name: other.name,
        email: '',
        lastMessage: null,
        unreadCount: 0,
      });
    }
    // Never the caller, an unverified or a deleted account.
    const ids = list.map((u) => u.id);
    expect(ids).not.toContain(me.user.id);
    expect(ids).not.toContain(unverified.user.id);
  });

  it('the seller appears for a first message, and the list stays bounded and paged on request', async () => {
    const { list } = await users(partner);
    expect(list.map((u) => u.id)).toContain(newerSeller.user.id);
    const page = await users(me, '?page=1&size=2');
    expect(page.list.map((u) => u.name)).toEqual(['Olga Antigua', 'Andrés Admin']);
    expect(page.total).toBe(5);
    const past = await users(me, '?page=9&size=2');
    expect(past).toEqual({ list: [], total: 5 });
    expect((await callAs(ctx2, 'GET', '/api/chat/users?size=101', me.token)).statusCode).toBe(400);
  });

  it('scope=conversations lists the partners only (what the web app’s list shows)', async () => {
    expect((await users(me, '?scope=conversations')).list.map((u) => u.name)).toEqual([
      'Pablo Pareja',
    ]);
    expect((await callAs(ctx2, 'GET', '/api/chat/users?scope=x', me.token)).statusCode).toBe(400);
  });

  it('an unverified member (who cannot write) gets only their conversations; an admin no more than a member', async () => {
    expect((await users(unverified)).list.map((u) => u.name)).toEqual(['Pablo Pareja']);
    const byAdmin = await users(admin2);
    expect(byAdmin.list.every((u) => u.email === '' && u.lastMessage === null)).toBe(true);
    expect(byAdmin.list.map((u) => u.name)).toEqual([
      'Nora Reciente',
      'Olga Antigua',
      'Marta Sin Anuncios',
      'Pablo Pareja',
      'Yo Mismo',
    ]);
    expect((await callAs(ctx2, 'GET', '/api/chat/users')).statusCode).toBe(401);
  });
});
