import { randomBytes } from 'node:crypto';
import { DESTINATIONS, type ChatMessage } from '@unimercado/shared/chat';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { bearer, createAccount, createTestApp, type TestContext } from '../test/helpers';
import { createTestDatabase } from '../test/test-database';
import { connectStomp, listenForSockets, type TestStompClient } from '../test/stomp';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Scale-out (architecture.md): two instances sharing the database and the machine's Redis behave
 * as one. Runs when TEST_REDIS_URL is set (CI's PostgreSQL run).
 */
describe.skipIf(!redisUrl)('real-time delivery across two instances through Redis', () => {
  let database: DatabaseHandle;
  let one: TestContext;
  let two: TestContext;
  let urlOne: string;
  let urlTwo: string;
  const open: TestStompClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const redisPrefix = `um:test:${randomBytes(5).toString('hex')}:`;
    one = await createTestApp({ database, config: { redisUrl, redisPrefix } });
    two = await createTestApp({ database, config: { redisUrl, redisPrefix } });
    ({ wsUrl: urlOne } = await listenForSockets(one.app));
    ({ wsUrl: urlTwo } = await listenForSockets(two.app));
    await Promise.all([one.app.bus.whenSubscribed(), two.app.bus.whenSubscribed()]);
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.disconnect()));
    await one?.close();
    await two?.close();
    await database?.close();
  });

  const connect = async (url: string, token: string) => {
    const client = await connectStomp(url, { headers: { Authorization: `Bearer ${token}` } });
    open.push(client);
    return client;
  };

  it('a message sent on one instance reaches a receiver connected to the other, with its stored id', async () => {
    const alice = await createAccount(one, { verified: true, name: 'Alicia' });
    const bob = await createAccount(two, { verified: true });
    const aliceClient = await connect(urlOne, alice.token);
    const bobClient = await connect(urlTwo, bob.token);
    const echo = await aliceClient.subscribe(DESTINATIONS.userMessages);
    const inbox = await bobClient.subscribe(DESTINATIONS.userMessages);
    const bell = await bobClient.subscribe(DESTINATIONS.userNotifications);

    aliceClient.send(DESTINATIONS.chatPrivate, {
      receiverId: bob.user.id,
      content: 'Hola desde 1',
    });
    const received = await inbox.next<ChatMessage>();
    expect(received).toMatchObject({ senderId: alice.user.id, content: 'Hola desde 1' });
    expect(await echo.next<ChatMessage>()).toEqual(received);
    expect(await bell.next<Notification>()).toMatchObject({
      typeId: 1,
      message: 'Has recibido un mensaje de Alicia',
    });
    const history = await two.app.inject({
      method: 'GET',
      url: `/api/chat/messages?userId=${alice.user.id}`,
      headers: bearer(bob.token),
    });
    expect(history.json()).toEqual([received]);
  });

  it('deleting a user on one instance closes their socket on the other', async () => {
    const admin = await createAccount(one, { verified: true, admin: true });
    const doomed = await createAccount(one, { verified: true });
    const client = await connect(urlTwo, doomed.token);
    const res = await one.app.inject({
      method: 'DELETE',
      url: `/api/users/${doomed.user.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);
    expect(await client.closed).toBe(1008);
  });
});
