import { setTimeout as delay } from 'node:timers/promises';
import { DESTINATIONS, type ChatError, type ChatMessage } from '@unimercado/shared/chat';
import { encodeFrame } from '@unimercado/shared/stomp';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../db/schema';
import { SESSION_COOKIE } from './auth';
import { STOMP_ERRORS } from './realtime';
import {
  bearer,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from '../test/helpers';
import {
  connectStomp,
  listenForSockets,
  openRawSocket,
  parseReceivedFrames,
  rawConnectFrame,
  StompRefused,
  type TestStompClient,
} from '../test/stomp';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

describe('STOMP over WebSocket at /ws', () => {
  let ctx: TestContext;
  let wsUrl: string;
  let origin: string;
  const open: TestStompClient[] = [];
  const connect = async (...args: Parameters<typeof connectStomp>) => {
    const client = await connectStomp(...args);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    ctx = await createTestApp({
      realtime: { frameBurst: 12, framesPerSecond: 2, connectTimeoutMs: 300 },
    });
    ({ wsUrl, origin } = await listenForSockets(ctx.app));
    // The cookie identity needs the page's origin to be an allowed one.
    ctx.config.corsOrigins.push(origin);
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.disconnect()));
    await ctx.close();
  });

  describe('identity', () => {
    it('accepts a valid bearer token in the CONNECT headers', async () => {
      const account = await createAccount(ctx, { verified: true });
      const client = await connect(wsUrl, { headers: auth(account) });
      expect(client.client.connected).toBe(true);
    });

    it('refuses a CONNECT without any identity, or with a forged or revoked token', async () => {
      await expect(connectStomp(wsUrl)).rejects.toThrow('No estás autenticado');
      const forged = `${(await createAccount(ctx)).token.slice(0, -4)}AAAA`;
      await expect(
        connectStomp(wsUrl, { headers: { Authorization: `Bearer ${forged}` } }),
      ).rejects.toThrow(/sesión no es válida/);
      await expect(
        connectStomp(wsUrl, { headers: { Authorization: 'Bearer null' } }),
      ).rejects.toThrow(/sesión no es válida/);
    });

    it('accepts the session cookie with an allowed Origin, as the spec client connects', async () => {
      const account = await createAccount(ctx, { verified: true });
      const client = await connect(wsUrl, {
        headers: { username: account.email, userId: String(account.user.id) },
        upgradeHeaders: { cookie: `${SESSION_COOKIE}=${account.token}`, origin },
      });
      const mine = await client.subscribe(`/user/${account.email}/queue/notifications`);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications',
        headers: bearer(account.token),
        payload: { userId: account.user.id, typeId: 2, message: 'Recordatorio' },
      });
      expect(await mine.next<Notification>()).toMatchObject({ message: 'Recordatorio' });
    });

    it('refuses the cookie from another origin, or without an Origin', async () => {
      const account = await createAccount(ctx);
      const cookie = `${SESSION_COOKIE}=${account.token}`;
      await expect(
        connectStomp(wsUrl, { upgradeHeaders: { cookie, origin: 'https://evil.example' } }),
      ).rejects.toThrow('No estás autenticado');
      await expect(connectStomp(wsUrl, { upgradeHeaders: { cookie } })).rejects.toThrow(
        'No estás autenticado',
      );
    });

    it('refuses username/userId headers that name someone else', async () => {
      const account = await createAccount(ctx);
      const other = await createAccount(ctx);
      await expect(
        connectStomp(wsUrl, { headers: { ...auth(account), userId: String(other.user.id) } }),
      ).rejects.toThrow(/username\/userId/);
      await expect(
        connectStomp(wsUrl, {
          headers: { username: other.email, userId: String(other.user.id) },
          upgradeHeaders: { cookie: `${SESSION_COOKIE}=${account.token}`, origin },
        }),
      ).rejects.toThrow(/username\/userId/);
      // Its own id, email or name are all fine.
      for (const username of [
        String(account.user.id),
        account.email.toUpperCase(),
        account.user.name,
      ]) {
        const client = await connect(wsUrl, { headers: { ...auth(account), username } });
        expect(client.client.connected).toBe(true);
      }
    });

    it('closes a socket that never sends CONNECT', async () => {
      const raw = await openRawSocket(wsUrl);
      expect(await raw.closed).toBe(1008);
    });

    it('answers frames before CONNECT with an ERROR', async () => {
      const raw = await openRawSocket(wsUrl);
      raw.socket.send(
        encodeFrame({
          command: 'SUBSCRIBE',
          headers: { id: '1', destination: DESTINATIONS.userMessages },
          body: '',
        }),
      );
      expect(await raw.waitFor(/^ERROR/)).toContain('CONNECT');
      await raw.closed;
    });
  });

  describe('subscriptions', () => {
    it("refuses a subscription to another user's queue", async () => {
      const account = await createAccount(ctx);
      const other = await createAccount(ctx);
      for (const name of [other.email, String(other.user.id)]) {
        const client = await connect(wsUrl, { headers: auth(account) });
        void client.subscribe(`/user/${name}/queue/messages`);
        expect(await client.closed).toBe(1008);
        expect(client.errors[0]?.headers.message).toBe(
          'No puedes suscribirte a la cola de otro usuario.',
        );
      }
    });

    it('refuses unknown destinations', async () => {
      const account = await createAccount(ctx);
      const client = await connect(wsUrl, { headers: auth(account) });
      void client.subscribe('/topic/everything');
      await client.closed;
      expect(client.errors[0]?.headers.message).toBe('Destino desconocido.');
    });
  });

  describe('chat messages', () => {
    it('stores the message, then delivers it with its real id to the receiver and the sender', async () => {
      const alice = await createAccount(ctx, { verified: true, name: 'Alicia Pérez' });
      const bob = await createAccount(ctx, { verified: true, name: 'Bruno Díaz' });
      const aliceClient = await connect(wsUrl, { headers: auth(alice) });
      const bobClient = await connect(wsUrl, { headers: auth(bob) });
      const aliceInbox = await aliceClient.subscribe(`/user/${alice.email}/queue/messages`);
      const bobInbox = await bobClient.subscribe(DESTINATIONS.userMessages);
      const bobBell = await bobClient.subscribe(DESTINATIONS.userNotifications);

      aliceClient.send(DESTINATIONS.chatPrivate, {
        senderId: alice.user.id,
        receiverId: bob.user.id,
        content: '  ¿Sigue disponible la calculadora?  ',
        timestamp: new Date().toISOString(),
      });
      const received = await bobInbox.next<ChatMessage>();
      const echo = await aliceInbox.next<ChatMessage>();

      const [stored] = await ctx.database.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, received.id));
      expect(stored).toMatchObject({
        senderId: alice.user.id,
        receiverId: bob.user.id,
        content: '¿Sigue disponible la calculadora?',
      });
      expect(echo).toEqual(received);
      expect(received).toMatchObject({
        senderId: alice.user.id,
        receiverId: bob.user.id,
        content: '¿Sigue disponible la calculadora?',
        read: false,
      });
      expect(received.timestamp).toBe(received.createdAt);

      const notification = await bobBell.next<Notification>();
      expect(notification).toMatchObject({
        userId: bob.user.id,
        typeId: 1,
        message: 'Has recibido un mensaje de Alicia Pérez',
        read: false,
      });
    });

    it('an offline receiver finds the message in the history', async () => {
      const alice = await createAccount(ctx, { verified: true });
      const bob = await createAccount(ctx, { verified: true });
      const aliceClient = await connect(wsUrl, { headers: auth(alice) });
      const echo = await aliceClient.subscribe(DESTINATIONS.userMessages);
      aliceClient.send(DESTINATIONS.chatPrivate, { receiverId: bob.user.id, content: 'Hola Bob' });
      const sent = await echo.next<ChatMessage>();
      const history = await ctx.app.inject({
        method: 'GET',
        url: `/api/chat/messages?userId=${alice.user.id}`,
        headers: bearer(bob.token),
      });
      expect(history.json()).toEqual([sent]);
    });

    it('one notification per burst, not one per message', async () => {
      const alice = await createAccount(ctx, { verified: true });
      const bob = await createAccount(ctx, { verified: true });
      const aliceClient = await connect(wsUrl, { headers: auth(alice) });
      const echo = await aliceClient.subscribe(DESTINATIONS.userMessages);
      for (const content of ['Hola', '¿Estás?', 'Te escribo por la bici']) {
        aliceClient.send(DESTINATIONS.chatPrivate, { receiverId: bob.user.id, content });
      }
      await echo.next<ChatMessage>((m) => m.content === 'Te escribo por la bici');
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: bearer(bob.token),
      });
      expect(list.json()).toHaveLength(1);
    });

    it('refusals go to /user/queue/errors and the connection stays open', async () => {
      const alice = await createAccount(ctx, { verified: true });
      const bob = await createAccount(ctx, { verified: true });
      const client = await connect(wsUrl, { headers: auth(alice) });
      const errors = await client.subscribe(DESTINATIONS.userErrors);
      const inbox = await client.subscribe(DESTINATIONS.userMessages);
      const cases: [unknown, string][] = [
        [{ receiverId: bob.user.id, content: '   ' }, 'El mensaje no puede estar vacío.'],
        [
          { receiverId: bob.user.id, content: 'x'.repeat(2001) },
          'El mensaje no puede tener más de 2000 caracteres.',
        ],
        [{ receiverId: alice.user.id, content: 'Yo' }, 'No puedes enviarte mensajes a ti mismo.'],
        [
          { senderId: bob.user.id, receiverId: bob.user.id, content: 'Soy Bob' },
          'El remitente del mensaje no coincide con tu sesión.',
        ],
        [{ receiverId: 2_000_000_000, content: 'Hola' }, 'El destinatario no existe.'],
        ['{no es json', 'El mensaje no es JSON válido.'],
      ];
      for (const [index, [body, message]] of cases.entries()) {
        client.send(DESTINATIONS.chatPrivate, body, { receipt: `r-${index}` });
        expect(await errors.next<ChatError>((e) => e.receiptId === `r-${index}`)).toMatchObject({
          error: message,
          message,
        });
      }
      client.send(DESTINATIONS.chatPrivate, { receiverId: bob.user.id, content: 'Ahora sí' });
      expect(await inbox.next<ChatMessage>()).toMatchObject({ content: 'Ahora sí' });
      expect(
        await ctx.database.db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.senderId, alice.user.id)),
      ).toHaveLength(1);
    });

    it('an unverified account cannot send', async () => {
      const unverified = await createAccount(ctx);
      const bob = await createAccount(ctx, { verified: true });
      const client = await connect(wsUrl, { headers: auth(unverified) });
      const errors = await client.subscribe(DESTINATIONS.userErrors);
      client.send(DESTINATIONS.chatPrivate, { receiverId: bob.user.id, content: 'Hola' });
      expect(await errors.next<ChatError>()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    });
  });

  describe('limits', () => {
    it('an oversized frame gets an ERROR and the connection closes', async () => {
      const account = await createAccount(ctx, { verified: true });
      const other = await createAccount(ctx, { verified: true });
      const client = await connect(wsUrl, { headers: auth(account) });
      client.send(DESTINATIONS.chatPrivate, {
        receiverId: other.user.id,
        content: 'ñ'.repeat(4_500),
      });
      expect(await client.closed).toBe(1008);
      expect(client.errors[0]?.headers.message).toMatch(/tamaño máximo \(8192 bytes\)/);
    });

    it('a connection that floods frames is stopped', async () => {
      const account = await createAccount(ctx, { verified: true });
      const other = await createAccount(ctx, { verified: true });
      const client = await connect(wsUrl, { headers: auth(account) });
      for (let i = 0; i < 20; i += 1) {
        client.send(DESTINATIONS.chatPrivate, { receiverId: other.user.id, content: `m${i}` });
      }
      expect(await client.closed).toBe(1008);
      expect(client.errors[0]?.headers.message).toMatch(/Demasiados mensajes/);
      const stored = await ctx.database.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.senderId, account.user.id));
      expect(stored.length).toBeLessThanOrEqual(12);
    });
  });

  describe('receipts', () => {
    const connectRaw = async (account: Account) => {
      const raw = await openRawSocket(wsUrl);
      raw.socket.send(rawConnectFrame(account.token));
      await raw.waitFor(/^CONNECTED/, 10_000);
      return raw;
    };
    const chatSend = (receiverId: number, content: string, receipt: string) =>
      encodeFrame({
        command: 'SEND',
        headers: {
          destination: DESTINATIONS.chatPrivate,
          receipt,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ receiverId, content }),
      });

    it('around a flood: a RECEIPT for each message accepted, an ERROR naming each one refused', async () => {
      const account = await createAccount(ctx, { verified: true });
      const other = await createAccount(ctx, { verified: true });
      const raw = await connectRaw(account);
      // 20 messages at once, each asking for a receipt; the allowance (12 frames, CONNECT took
      // one) accepts about 11 of them.
      raw.socket.send(
        Array.from({ length: 20 }, (_, i) => chatSend(other.user.id, `m${i}`, `r${i}`)).join(''),
      );
      expect(await raw.closed).toBe(1008);
      const frames = parseReceivedFrames(raw.received).filter(
        (frame) => frame.command !== 'CONNECTED',
      );
      const receipted = frames.filter((frame) => frame.command === 'RECEIPT');
      const refused = frames.filter((frame) => frame.command === 'ERROR');
      expect(receipted.length).toBeGreaterThanOrEqual(10);
      expect(refused.length).toBeGreaterThanOrEqual(7);
      // Every frame answered once; the accepted ones first, in order, then the refusals.
      expect(frames.map((frame) => frame.headers['receipt-id'])).toEqual(
        Array.from({ length: 20 }, (_, i) => `r${i}`),
      );
      expect(frames.slice(0, receipted.length).every((frame) => frame.command === 'RECEIPT')).toBe(
        true,
      );
      for (const error of refused) expect(error.headers.message).toMatch(/Demasiados mensajes/);
      // What was receipted is stored, and nothing else.
      const stored = await ctx.database.db
        .select({ content: chatMessages.content })
        .from(chatMessages)
        .where(eq(chatMessages.senderId, account.user.id))
        .orderBy(chatMessages.id);
      expect(stored.map((row) => row.content)).toEqual(
        receipted.map((frame) => `m${frame.headers['receipt-id']!.slice(1)}`),
      );
    });

    it('after a refused command, the frames behind it get an ERROR naming them, and nothing runs', async () => {
      const account = await createAccount(ctx, { verified: true });
      const other = await createAccount(ctx, { verified: true });
      const raw = await connectRaw(account);
      raw.socket.send(
        chatSend(other.user.id, 'antes', 'r-antes') +
          encodeFrame({
            command: 'SUBSCRIBE',
            headers: {
              id: 'x',
              destination: `/user/${other.user.id}/queue/messages`,
              receipt: 'r-sub',
            },
            body: '',
          }) +
          chatSend(other.user.id, 'después', 'r-despues'),
      );
      expect(await raw.closed).toBe(1008);
      const frames = parseReceivedFrames(raw.received).filter(
        (frame) => frame.command !== 'CONNECTED',
      );
      expect(frames.map((frame) => [frame.command, frame.headers['receipt-id']])).toEqual([
        ['RECEIPT', 'r-antes'],
        ['ERROR', 'r-sub'],
        ['ERROR', 'r-despues'],
      ]);
      expect(frames[1]?.headers.message).toBe(STOMP_ERRORS.foreignQueue);
      const stored = await ctx.database.db
        .select({ content: chatMessages.content })
        .from(chatMessages)
        .where(eq(chatMessages.senderId, account.user.id));
      expect(stored.map((row) => row.content)).toEqual(['antes']);
    });
  });

  describe('sessions', () => {
    it("closes a deleted user's socket at once", async () => {
      const admin = await createAccount(ctx, { verified: true, admin: true });
      const doomed = await createAccount(ctx, { verified: true });
      const client = await connect(wsUrl, { headers: auth(doomed) });
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/${doomed.user.id}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(204);
      expect(await client.closed).toBe(1008);
      expect(client.errors[0]?.headers.message).toBe(
        'Tu sesión ha terminado. Inicia sesión de nuevo.',
      );
      await expect(connectStomp(wsUrl, { headers: auth(doomed) })).rejects.toBeInstanceOf(
        StompRefused,
      );
    });

    it('closes the sockets of a user whose token version changes (password change)', async () => {
      const account = await createAccount(ctx, { verified: true });
      const client = await connect(wsUrl, { headers: auth(account) });
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${account.user.id}`,
        headers: bearer(account.token),
        payload: {
          name: account.user.name,
          email: account.email,
          phone: null,
          password: 'otraClave123',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(await client.closed).toBe(1008);
      // The fresh token connects again.
      const fresh = await connect(wsUrl, {
        headers: { Authorization: `Bearer ${res.json<{ token: string }>().token}` },
      });
      expect(fresh.client.connected).toBe(true);
    });
  });

  describe('heart-beats', () => {
    it('honours the client heart-beat: the server beats, and drops a silent peer', async () => {
      const beating = await createTestApp({
        realtime: { heartbeatSendMs: 200, heartbeatReceiveMs: 200 },
      });
      try {
        const { wsUrl: url } = await listenForSockets(beating.app);
        const account = await createAccount(beating);
        const raw = await openRawSocket(url);
        raw.socket.send(rawConnectFrame(account.token, { 'heart-beat': '200,200' }));
        const connected = await raw.waitFor(/^CONNECTED/);
        expect(connected).toContain('heart-beat:200,200');
        // While it beats, the connection lives and the server beats too. The client beats four
        // times as often as it promised, so a loaded machine's late timers cannot look like silence.
        for (let i = 0; i < 20; i += 1) {
          raw.socket.send('\n');
          await delay(50);
        }
        expect(raw.socket.readyState).toBe(raw.socket.OPEN);
        expect(raw.received.filter((text) => text === '\n').length).toBeGreaterThanOrEqual(2);
        // It promised beats every 200 ms and stops: closed after twice that.
        expect(await raw.closed).toBe(1001);
      } finally {
        await beating.close();
      }
    });

    it('heart-beats 0,0 (the spec client) keep the connection without beats', async () => {
      const account = await createAccount(ctx);
      const client = await connect(wsUrl, { headers: auth(account) });
      await delay(400);
      expect(client.client.connected).toBe(true);
    });
  });
});
