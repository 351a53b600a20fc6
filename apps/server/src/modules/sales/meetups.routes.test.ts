import type { ChatMessage } from '@unimercado/shared/chat';
import type { Handoff } from '@unimercado/shared/schemas/handoffs';
import { MEETUP_MESSAGES, type Meetup, type MeetupSpot } from '@unimercado/shared/schemas/meetups';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../../lib/deps';
import { createTestApp, readOutbox, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import { callAs, createTradeCast, expectErrorBody, sellTo } from '../../test/trade';
import { runMeetupReminders } from './meetups.service';

const HOUR = 60 * 60 * 1000;

describe('meet-up proposals in chat (decision 083)', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  let spot: MeetupSpot;
  let otherSpot: MeetupSpot;
  /** Moves the services' clock (reminders). */
  let offsetMs = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ now: () => new Date(Date.now() + offsetMs) });
    ({ seller, buyer, other, admin } = await createTradeCast(ctx));
    const spots = (await callAs(ctx, null, 'GET', '/api/meetup-spots')).json<MeetupSpot[]>();
    [spot, otherSpot] = [spots[0]!, spots[1]!];
  });
  afterAll(() => ctx.close());

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
    callAs(ctx, ...args);
  const reserve = async (title = 'Calculadora') => {
    const product = await createProduct(ctx, seller, { title, price: 100000 });
    return { product, sale: await sellTo(ctx, seller, buyer, product) };
  };
  const inHours = (hours: number) => new Date(Date.now() + offsetMs + hours * HOUR).toISOString();
  const propose = (who: Account | null, handoffId: number, body: Record<string, unknown> = {}) =>
    call(who, 'POST', `/api/handoffs/${handoffId}/meetups`, {
      spotId: spot.id,
      startsAt: inHours(24),
      ...body,
    });
  const proposed = async (who: Account, handoffId: number, body: Record<string, unknown> = {}) => {
    const res = await propose(who, handoffId, body);
    expect(res.statusCode).toBe(201);
    return res.json<Meetup>();
  };
  const answer = (who: Account | null, id: number, action: 'accept' | 'decline') =>
    call(who, 'POST', `/api/meetups/${id}/${action}`);
  const handoffAs = async (who: Account, id: number) =>
    (await call(who, 'GET', `/api/handoffs/${id}`)).json<Handoff>();
  const messagesOf = async (who: Account) =>
    (await call(who, 'GET', '/api/notifications')).json<Notification[]>().map((n) => n.message);
  const conversation = async (who: Account, withUser: Account) =>
    (await call(who, 'GET', `/api/chat/messages?userId=${withUser.user.id}`)).json<ChatMessage[]>();

  it('a party proposes: the proposal, a chat message carrying it, a notification', async () => {
    const { sale, product } = await reserve('Microscopio');
    const startsAt = inHours(26);
    const meetup = await proposed(buyer, sale.id, { startsAt });
    expect(meetup).toEqual({
      id: expect.any(Number) as unknown,
      handoffId: sale.id,
      proposerId: buyer.user.id,
      spot: { id: spot.id, name: spot.name, area: spot.area },
      startsAt: new Date(startsAt).toISOString(),
      state: 'proposed',
      createdAt: expect.any(String) as unknown,
    });
    for (const who of [buyer, seller]) {
      expect(await handoffAs(who, sale.id)).toMatchObject({ meetup: null, pendingMeetup: meetup });
    }
    const line = (await conversation(seller, buyer)).at(-1)!;
    expect(line).toMatchObject({ senderId: buyer.user.id, receiverId: seller.user.id, meetup });
    // Clients that know nothing of meet-ups read it as a sentence.
    expect(line.content).toMatch(new RegExp(`^Propuesta de encuentro: ${spot.name} \\(`));
    // The notification opens the conversation with the buyer about this product (decision 099).
    const notifications = (await call(seller, 'GET', '/api/notifications')).json<Notification[]>();
    expect(notifications).toContainEqual(
      expect.objectContaining({
        message: expect.stringMatching(
          /^Comprador Beto te propuso encontrarse para entregar "Microscopio"/,
        ) as unknown,
        link: `/chat?userId=${buyer.user.id}&productId=${product.id}`,
      }),
    );
  });

  it('only the other party accepts; the hand-off and the proposer then show it', async () => {
    const { sale } = await reserve('Atril');
    const meetup = await proposed(seller, sale.id);
    expectErrorBody(await answer(seller, meetup.id, 'accept'), 403, {
      message: MEETUP_MESSAGES.ownProposal,
    });
    const res = await answer(buyer, meetup.id, 'accept');
    expect(res.statusCode).toBe(200);
    const accepted = { ...meetup, state: 'accepted' };
    expect(res.json<Meetup>()).toEqual(accepted);
    expect(await handoffAs(seller, sale.id)).toMatchObject({
      meetup: accepted,
      pendingMeetup: null,
    });
    expect(await messagesOf(seller)).toContainEqual(
      expect.stringMatching(/^Comprador Beto aceptó el encuentro para entregar "Atril"/),
    );
    expect((await conversation(buyer, seller)).at(-1)?.meetup?.state).toBe('accepted');
    // Answered once: a second answer is a conflict.
    expectErrorBody(await answer(buyer, meetup.id, 'decline'), 409, {
      message: MEETUP_MESSAGES.notPending,
    });
  });

  it('declining tells the proposer; a new proposal may follow', async () => {
    const { sale } = await reserve('Trípode');
    const meetup = await proposed(buyer, sale.id);
    expect((await answer(seller, meetup.id, 'decline')).json<Meetup>().state).toBe('declined');
    expect(await messagesOf(buyer)).toContain(
      'Vendedora Ana rechazó la propuesta de encuentro para "Trípode". Propón otro lugar u hora en el chat.',
    );
    expect(await handoffAs(buyer, sale.id)).toMatchObject({ meetup: null, pendingMeetup: null });
    await proposed(buyer, sale.id, { spotId: otherSpot.id });
  });

  it('one pending proposal at a time; a counter-proposal supersedes it', async () => {
    const { sale } = await reserve('Teclado');
    const first = await proposed(buyer, sale.id);
    expectErrorBody(await propose(seller, sale.id), 409, {
      message: MEETUP_MESSAGES.pendingExists,
    });
    const counter = await proposed(seller, sale.id, { spotId: otherSpot.id, counterTo: first.id });
    const handoff = await handoffAs(buyer, sale.id);
    expect(handoff.pendingMeetup).toMatchObject({ id: counter.id, spot: { id: otherSpot.id } });
    const lines = await conversation(buyer, seller);
    expect(lines.find((m) => m.meetup?.id === first.id)?.meetup?.state).toBe('superseded');
    expect(lines.at(-1)?.content).toMatch(/^Nueva propuesta de encuentro en lugar de la anterior/);
    // The superseded one can no longer be answered or countered.
    expectErrorBody(await answer(seller, first.id, 'accept'), 409);
    expectErrorBody(await propose(buyer, sale.id, { counterTo: first.id }), 409, {
      message: MEETUP_MESSAGES.counterStale,
    });
    // Accepting a later proposal replaces the accepted meet-up.
    expect((await answer(buyer, counter.id, 'accept')).statusCode).toBe(200);
    const next = await proposed(buyer, sale.id, { startsAt: inHours(48) });
    expect((await answer(seller, next.id, 'accept')).statusCode).toBe(200);
    const lines2 = await conversation(seller, buyer);
    expect(lines2.find((m) => m.meetup?.id === counter.id)?.meetup?.state).toBe('superseded');
    expect((await handoffAs(seller, sale.id)).meetup?.id).toBe(next.id);
  });

  it('only the two parties of a reserved hand-off: anonymous 401, others and admins 403', async () => {
    const { sale } = await reserve();
    const meetup = await proposed(buyer, sale.id);
    for (const [who, status] of [
      [null, 401],
      [other, 403],
      [admin, 403],
    ] as const) {
      expectErrorBody(await propose(who, sale.id, { counterTo: meetup.id }), status);
      expectErrorBody(await answer(who, meetup.id, 'accept'), status);
      expectErrorBody(await answer(who, meetup.id, 'decline'), status);
    }
    expect((await handoffAs(seller, sale.id)).pendingMeetup?.id).toBe(meetup.id);
    expectErrorBody(await propose(buyer, 999999), 404);
    expectErrorBody(await answer(seller, 999999, 'accept'), 404);
    // A completed hand-off takes no proposals and no answers.
    expect((await call(buyer, 'POST', `/api/handoffs/${sale.id}/confirm`)).statusCode).toBe(200);
    expectErrorBody(await answer(seller, meetup.id, 'accept'), 409);
    expectErrorBody(await propose(seller, sale.id), 409);
  });

  it('bad input is refused in Spanish and writes nothing', async () => {
    const { sale } = await reserve();
    for (const [body, message] of [
      [{ startsAt: inHours(-1) }, MEETUP_MESSAGES.startsAtPast],
      [{ startsAt: inHours(31 * 24) }, MEETUP_MESSAGES.startsAtTooFar],
      [{ startsAt: 'mañana a las 3' }, MEETUP_MESSAGES.startsAtInvalid],
      [{ spotId: 999999 }, MEETUP_MESSAGES.spotUnavailable],
    ] as const) {
      expectErrorBody(await propose(buyer, sale.id, body), 400, { message });
    }
    expect(await handoffAs(buyer, sale.id)).toMatchObject({ meetup: null, pendingMeetup: null });
    expect((await conversation(buyer, seller)).some((m) => m.meetup?.handoffId === sale.id)).toBe(
      false,
    );
  });

  describe('races (parallel requests)', () => {
    it('accept versus decline: exactly one answer wins', async () => {
      const { sale } = await reserve();
      const meetup = await proposed(buyer, sale.id);
      const results = await Promise.all([
        answer(seller, meetup.id, 'accept'),
        answer(seller, meetup.id, 'decline'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json<Meetup>().state;
      const handoff = await handoffAs(buyer, sale.id);
      expect(handoff.pendingMeetup).toBeNull();
      expect(handoff.meetup?.id ?? null).toBe(winner === 'accepted' ? meetup.id : null);
    });

    it('accept versus counter: one wins, the other gets 409', async () => {
      const { sale } = await reserve();
      const meetup = await proposed(buyer, sale.id);
      const [accepted, countered] = await Promise.all([
        answer(seller, meetup.id, 'accept'),
        propose(seller, sale.id, { counterTo: meetup.id, spotId: otherSpot.id }),
      ]);
      // Exactly one goes through; the loser is told the proposal was already answered.
      expect([accepted.statusCode, countered.statusCode].sort()).toEqual(
        accepted.statusCode === 200 ? [200, 409] : [201, 409],
      );
      const handoff = await handoffAs(buyer, sale.id);
      if (accepted.statusCode === 200) {
        expect(handoff).toMatchObject({ meetup: { id: meetup.id }, pendingMeetup: null });
      } else {
        expect(handoff.meetup).toBeNull();
        expect(handoff.pendingMeetup?.spot.id).toBe(otherSpot.id);
      }
    });

    it('two proposals at once: one pending proposal', async () => {
      const { sale } = await reserve();
      const results = await Promise.all([propose(buyer, sale.id), propose(seller, sale.id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const lines = await conversation(buyer, seller);
      expect(
        lines.filter((m) => m.meetup?.handoffId === sale.id && m.meetup.state === 'proposed'),
      ).toHaveLength(1);
    });

    it('two accepts of two proposals in turn leave one accepted meet-up', async () => {
      const { sale } = await reserve();
      const meetup = await proposed(buyer, sale.id);
      const results = await Promise.all([
        answer(seller, meetup.id, 'accept'),
        answer(seller, meetup.id, 'accept'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await handoffAs(seller, sale.id)).meetup?.id).toBe(meetup.id);
    });
  });

  it('a reminder an hour before, once, by email only to those who opted in', async () => {
    const { sale, product } = await reserve('Guitarra');
    const meetup = await proposed(buyer, sale.id, { startsAt: inHours(5) });
    await answer(seller, meetup.id, 'accept');
    const prefs = await call(seller, 'PUT', '/api/chat/preferences', { meetupReminderEmail: true });
    expect(prefs.json()).toEqual({
      unreadDigest: true,
      meetupReminderEmail: true,
      listingExpiryEmail: false,
    });
    const deps = depsOf(ctx.app);
    const reminders = async () =>
      (await messagesOf(buyer)).filter(
        (m) => m.includes('Guitarra') && m.startsWith('Recordatorio'),
      );
    // Three hours ahead: not yet.
    await runMeetupReminders(deps);
    expect(await reminders()).toHaveLength(0);
    offsetMs = 4.5 * HOUR;
    try {
      const [first, second] = await Promise.all([
        runMeetupReminders(deps),
        runMeetupReminders(deps),
      ]);
      expect(first.reminded + second.reminded).toBeGreaterThanOrEqual(1);
      await runMeetupReminders(deps);
      expect(await reminders()).toHaveLength(1);
      expect(
        (await messagesOf(seller)).filter(
          (m) => m.startsWith('Recordatorio') && m.includes('Guitarra'),
        ),
      ).toHaveLength(1);
      await ctx.app.mailer.flush();
      const sellerMail = await readOutbox(ctx.config, seller.email);
      const reminderMail = sellerMail.find((mail) => mail.subject.includes('Guitarra'));
      // 'Abrir el chat' opens the conversation with the buyer about the guitar.
      expect(reminderMail?.text).toContain(
        `${ctx.config.publicUrl}/chat?userId=${buyer.user.id}&productId=${product.id}`,
      );
      const buyerMail = await readOutbox(ctx.config, buyer.email);
      expect(buyerMail.some((mail) => mail.subject.includes('Guitarra'))).toBe(false);
    } finally {
      offsetMs = 0;
    }
  });
});
