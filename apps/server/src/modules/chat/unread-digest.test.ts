import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema';
import { depsOf } from '../../lib/deps';
import {
  bearer,
  createAccount,
  createTestApp,
  readOutbox,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { runUnreadDigest } from './unread-digest';

const HOUR = 60 * 60_000;
let ctx: TestContext;
let clock = new Date('2026-11-20T08:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});
afterAll(() => ctx.close());

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const send = async (from: Account, to: Account, content: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/chat/messages',
    headers: bearer(from.token),
    payload: { receiverId: to.user.id, content },
  });
  expect(res.statusCode).toBe(201);
};
const run = async () => {
  const result = await runUnreadDigest(depsOf(ctx.app));
  await ctx.app.mailer.flush();
  return result;
};
const digestsTo = async (account: Account) =>
  (await readOutbox(ctx.config, account.email)).filter((m) => m.subject.includes('sin leer'));

describe('unread-messages digest', () => {
  it('one summary after an hour unread, at most one a day, each message summarised once', async () => {
    const ana = await createAccount(ctx, { verified: true, name: 'Ana <b>Gómez</b>' });
    const beto = await createAccount(ctx, { verified: true, name: 'Beto' });
    const caro = await createAccount(ctx, { verified: true, name: 'Caro' });
    await send(beto, ana, 'Hola');
    await send(beto, ana, '¿Sigue disponible?');
    await send(caro, ana, 'Me interesa la bici');
    advance(30 * 60_000);
    await run();
    expect(await digestsTo(ana)).toEqual([]);

    advance(31 * 60_000);
    await run();
    const [mail, ...others] = await digestsTo(ana);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Tienes 3 mensajes sin leer en UniMercado');
    expect(mail?.text).toContain('Beto: 2 mensajes');
    expect(mail?.text).toContain('Caro: 1 mensaje');
    expect(mail?.text).toContain('/chat');
    // A name is text, never markup.
    expect(mail?.html).not.toContain('<b>');
    // The senders get nothing: they read their own messages.
    expect(await digestsTo(beto)).toEqual([]);

    // Again soon, or with new messages the same day: nothing more.
    await run();
    advance(60_000);
    await send(caro, ana, '¿Hola?');
    advance(2 * HOUR);
    await run();
    expect(await digestsTo(ana)).toHaveLength(1);

    // The next day: only what arrived since the last summary.
    advance(23 * HOUR);
    await run();
    const digests = await digestsTo(ana);
    expect(digests).toHaveLength(2);
    expect(digests[0]?.subject).toBe('Tienes 1 mensaje sin leer en UniMercado');
    expect(digests[0]?.text).toContain('Caro: 1 mensaje');
  });

  it('nothing for read messages, a member who turned it off, or an unverified address', async () => {
    const reader = await createAccount(ctx, { verified: true });
    const optedOut = await createAccount(ctx, { verified: true });
    const unverified = await createAccount(ctx);
    const sender = await createAccount(ctx, { verified: true });
    await send(sender, reader, 'uno');
    await send(sender, optedOut, 'dos');
    await send(sender, unverified, 'tres');
    await ctx.database.db
      .update(chatMessages)
      .set({ readAt: clock })
      .where(eq(chatMessages.receiverId, reader.user.id));
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/chat/preferences',
      headers: bearer(optedOut.token),
      payload: { unreadDigest: false },
    });
    expect(off.statusCode).toBe(200);
    advance(2 * HOUR);
    await run();
    for (const account of [reader, optedOut, unverified]) {
      expect(await digestsTo(account)).toEqual([]);
    }
  });

  it('passes running at once on several instances send one summary', async () => {
    const away = await createAccount(ctx, { verified: true });
    const sender = await createAccount(ctx, { verified: true });
    await send(sender, away, 'hola');
    advance(2 * HOUR);
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(await digestsTo(away)).toHaveLength(1);
  });
});
