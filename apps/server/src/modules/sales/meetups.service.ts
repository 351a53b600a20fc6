import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { campusDateFormat } from '@unimercado/shared/format';
import {
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_MESSAGES,
  MEETUP_REMINDER_MINUTES,
  type CreateMeetupInput,
  type Meetup,
  type MeetupSpot,
} from '@unimercado/shared/schemas/meetups';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { meetupProposals, users } from '../../db/schema';
import { inTransaction, type TxScope } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { greetingFor, plainText, renderEmail } from '../../lib/email';
import { assertNotBlocked } from '../blocks/blocks.service';
import {
  findChatMessageById,
  findEmailRecipients,
  insertServerMessage,
  publishChatMessage,
} from '../chat/chat.service';
import { findActiveSpot } from '../meetups/meetup-spots.service';
import {
  handoffState,
  isParty,
  lockHandoff,
  notFound as handoffNotFound,
  notParty,
  notReserved,
  type HandoffRow,
} from './handoffs.service';
import { findMeetupById, findMeetupsByMessage, toMeetupDto } from './meetups.queries';

/**
 * Meet-up proposals in chat (decision 083): either party of a reserved hand-off proposes a spot
 * and a time; the other accepts, declines or counters. Every change holds the hand-off's product
 * row lock (like every change to a hand-off, decision 075), so accept, decline and counter of
 * one proposal are decided one at a time: the first wins, the others get 409.
 */

export type MeetupDeps = Pick<
  AppDeps,
  'db' | 'now' | 'notifier' | 'bus' | 'broker' | 'mailer' | 'config'
>;

const DAY_MS = 24 * 60 * 60 * 1000;
const REMINDER_MS = MEETUP_REMINDER_MINUTES * 60_000;

const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
const invalid = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);
const proposalNotFound = () => new AppError(404, 'NOT_FOUND', MEETUP_MESSAGES.proposalNotFound);

/** What people read: the chat line clients that do not know the card show, and notifications. */
export const MEETUP_TEXTS = {
  proposal: (spot: string, area: string, when: string) =>
    `Propuesta de encuentro: ${spot} (${area}), el ${when}. Acéptala o propón otra desde la entrega.`,
  counter: (spot: string, area: string, when: string) =>
    `Nueva propuesta de encuentro en lugar de la anterior: ${spot} (${area}), el ${when}.`,
  proposed: (name: string, title: string, spot: string, when: string) =>
    `${name} te propuso encontrarse para entregar "${title}": ${spot}, el ${when}.`,
  accepted: (name: string, title: string, spot: string, when: string) =>
    `${name} aceptó el encuentro para entregar "${title}": ${spot}, el ${when}.`,
  declined: (name: string, title: string) =>
    `${name} rechazó la propuesta de encuentro para "${title}". Propón otro lugar u hora en el chat.`,
  reminder: (title: string, spot: string, time: string) =>
    `Recordatorio: tu encuentro para entregar "${title}" es en una hora, a las ${time}, en ${spot}.`,
  reminderSubject: (title: string) => `Tu encuentro para entregar "${title}" es en una hora`,
} as const;

const whenText = (deps: Pick<MeetupDeps, 'config'>, at: Date) =>
  campusDateFormat(deps.config.campusTimeZone).formatDateTime(at);

/** The conversation with `userId` about `productId`, as the product page opens it (decision 099). */
const chatLink = (userId: number, productId: number) =>
  `/chat?userId=${userId}&productId=${productId}`;

const otherParty = (row: HandoffRow, actorId: number) =>
  actorId === row.buyerId ? row.sellerId : row.buyerId;

const nameOf = async (scope: TxScope, id: number) => {
  const [row] = await scope.tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? '';
};

const notifyMeetup = (
  scope: TxScope,
  deps: Pick<MeetupDeps, 'notifier'>,
  input: {
    userId: number;
    actorId: number;
    productId: number;
    message: string;
    event: string;
    now: Date;
  },
) =>
  deps.notifier.notify(scope, {
    userId: input.userId,
    typeId: NOTIFICATION_TYPES.offerAnswered,
    message: input.message,
    eventKey: input.event,
    actorId: input.actorId,
    // The conversation with the other party, about this product (decision 099).
    link: chatLink(input.actorId, input.productId),
    createdAt: input.now,
  });

/** Pushes the message that carries `proposalId` again, with the proposal's new state. */
const republish = async (scope: TxScope, deps: Pick<MeetupDeps, 'broker'>, proposalId: number) => {
  const row = await findMeetupById(scope.tx, proposalId);
  const messageId = row?.proposal.chatMessageId;
  if (!row || !messageId) return;
  const meetup = toMeetupDto(row);
  const message = await findChatMessageById(scope.tx, messageId);
  if (message) scope.afterCommit(() => publishChatMessage(deps, { ...message, meetup }));
};

const assertStartsAt = (startsAt: Date, now: Date) => {
  if (startsAt.getTime() <= now.getTime()) throw invalid(MEETUP_MESSAGES.startsAtPast);
  if (startsAt.getTime() > now.getTime() + MEETUP_MAX_DAYS_AHEAD * DAY_MS) {
    throw invalid(MEETUP_MESSAGES.startsAtTooFar);
  }
};

/**
 * `POST /api/handoffs/{id}/meetups`: one party of a reserved hand-off proposes a spot and a time
 * to the other, as a chat message carrying the proposal. One pending proposal at a time:
 * `counterTo` names the pending one this replaces (it turns `superseded`).
 */
export const proposeMeetup = async (
  deps: MeetupDeps,
  actor: Actor,
  handoffId: number,
  input: CreateMeetupInput,
): Promise<Meetup> => {
  const now = deps.now();
  const startsAt = new Date(input.startsAt);
  const id = await inTransaction(deps.db, async (tx, afterCommit) => {
    const scope = { tx, afterCommit };
    const locked = await lockHandoff(tx, handoffId);
    if (!locked) throw handoffNotFound();
    const { row, product } = locked;
    if (!isParty(actor, row)) throw notParty();
    if (handoffState(row, now) !== 'reserved') throw notReserved();
    assertStartsAt(startsAt, now);
    const spot: MeetupSpot = await findActiveSpot(tx, input.spotId);
    const receiverId = otherParty(row, actor.id);
    await assertNotBlocked(tx, actor.id, receiverId);
    const [pending] = await tx
      .select({ id: meetupProposals.id })
      .from(meetupProposals)
      .where(and(eq(meetupProposals.saleId, row.id), eq(meetupProposals.state, 'proposed')));
    if (pending && input.counterTo !== pending.id) {
      throw conflict(
        input.counterTo === undefined
          ? MEETUP_MESSAGES.pendingExists
          : MEETUP_MESSAGES.counterStale,
      );
    }
    if (!pending && input.counterTo !== undefined) throw conflict(MEETUP_MESSAGES.counterStale);
    if (pending) {
      await tx
        .update(meetupProposals)
        .set({ state: 'superseded', decidedAt: now, updatedAt: now })
        .where(eq(meetupProposals.id, pending.id));
      await republish(scope, deps, pending.id);
    }
    const when = whenText(deps, startsAt);
    const message = await insertServerMessage(tx, {
      senderId: actor.id,
      receiverId,
      content: (pending ? MEETUP_TEXTS.counter : MEETUP_TEXTS.proposal)(spot.name, spot.area, when),
      now,
    });
    const [created] = await tx
      .insert(meetupProposals)
      .values({
        saleId: row.id,
        proposerId: actor.id,
        spotId: spot.id,
        startsAt,
        chatMessageId: message.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: meetupProposals.id });
    if (!created) throw new Error('insert returned no row');
    await notifyMeetup(scope, deps, {
      userId: receiverId,
      actorId: actor.id,
      productId: product.id,
      message: MEETUP_TEXTS.proposed(await nameOf(scope, actor.id), product.title, spot.name, when),
      event: `meetup:${created.id}:proposed`,
      now,
    });
    await republish(scope, deps, created.id);
    return created.id;
  });
  const row = await findMeetupById(deps.db, id);
  if (!row) throw proposalNotFound();
  return toMeetupDto(row);
};

/** Locks the proposal's hand-off and re-reads the proposal under the lock. */
const lockProposal = async (scope: TxScope, actor: Actor, id: number) => {
  const first = await findMeetupById(scope.tx, id);
  if (!first) throw proposalNotFound();
  const locked = await lockHandoff(scope.tx, first.proposal.saleId);
  if (!locked) throw proposalNotFound();
  if (!isParty(actor, locked.row)) throw notParty();
  const row = await findMeetupById(scope.tx, id);
  if (!row) throw proposalNotFound();
  return { ...locked, proposal: row };
};

/**
 * `POST /api/meetups/{id}/accept` and `/decline`: only the party who did not propose, only while
 * the proposal is pending and the hand-off reserved. Accepting supersedes an earlier accepted
 * meet-up of the hand-off.
 */
export const answerMeetup = async (
  deps: MeetupDeps,
  actor: Actor,
  id: number,
  answer: 'accepted' | 'declined',
): Promise<Meetup> => {
  const now = deps.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const scope = { tx, afterCommit };
    const { row, product, proposal } = await lockProposal(scope, actor, id);
    if (proposal.proposal.proposerId === actor.id) {
      throw new AppError(403, 'FORBIDDEN', MEETUP_MESSAGES.ownProposal);
    }
    if (proposal.proposal.state !== 'proposed') throw conflict(MEETUP_MESSAGES.notPending);
    if (handoffState(row, now) !== 'reserved') throw notReserved();
    if (answer === 'accepted' && proposal.proposal.startsAt.getTime() <= now.getTime()) {
      throw conflict(MEETUP_MESSAGES.startsAtPassed);
    }
    if (answer === 'accepted') {
      const earlier = await tx
        .update(meetupProposals)
        .set({ state: 'superseded', updatedAt: now })
        .where(and(eq(meetupProposals.saleId, row.id), eq(meetupProposals.state, 'accepted')))
        .returning({ id: meetupProposals.id });
      for (const { id: earlierId } of earlier) await republish(scope, deps, earlierId);
    }
    await tx
      .update(meetupProposals)
      .set({ state: answer, decidedAt: now, updatedAt: now })
      .where(eq(meetupProposals.id, id));
    const name = await nameOf(scope, actor.id);
    const when = whenText(deps, proposal.proposal.startsAt);
    await notifyMeetup(scope, deps, {
      userId: proposal.proposal.proposerId,
      actorId: actor.id,
      productId: product.id,
      message:
        answer === 'accepted'
          ? MEETUP_TEXTS.accepted(name, product.title, proposal.spot.name, when)
          : MEETUP_TEXTS.declined(name, product.title),
      event: `meetup:${id}:${answer}`,
      now,
    });
    await republish(scope, deps, id);
  });
  const row = await findMeetupById(deps.db, id);
  if (!row) throw proposalNotFound();
  return toMeetupDto(row);
};

/** Handed to the chat module (app.ts): the proposals some messages carry. */
export const findMessageMeetups = findMeetupsByMessage;

export const MEETUP_REMINDERS = {
  /** How often an instance looks; each due meet-up is claimed by one of them, once. */
  intervalMs: 5 * 60_000,
  batchSize: 100,
} as const;

/**
 * One pass of the reminder job: accepted meet-ups of reserved hand-offs starting within the next
 * hour that were not reminded yet are claimed (`reminded_at`, `for update skip locked`: several
 * instances never claim the same one) and both parties are notified in the same transaction,
 * with an email to those who opted in. A meet-up whose time passed unreminded is not reminded.
 */
export const runMeetupReminders = async (deps: MeetupDeps): Promise<{ reminded: number }> => {
  const now = deps.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const scope = { tx, afterCommit };
    const claimed = await tx
      .update(meetupProposals)
      .set({ remindedAt: now })
      .where(
        inArray(
          meetupProposals.id,
          sql`(select p.id from meetup_proposals p
            join sales s on s.id = p.sale_id
            where p.state = 'accepted' and p.reminded_at is null
              and p.starts_at > ${now} and p.starts_at <= ${new Date(now.getTime() + REMINDER_MS)}
              and s.status = 'accepted' and s.completed_at is null
            order by p.starts_at
            limit ${MEETUP_REMINDERS.batchSize}
            for update of p skip locked)`,
        ),
      )
      .returning({ id: meetupProposals.id, saleId: meetupProposals.saleId });
    for (const { id, saleId } of claimed) {
      const locked = await lockHandoff(tx, saleId);
      const proposal = await findMeetupById(tx, id);
      if (!locked || !proposal || handoffState(locked.row, now) !== 'reserved') continue;
      const { row, product } = locked;
      const format = campusDateFormat(deps.config.campusTimeZone);
      const message = MEETUP_TEXTS.reminder(
        product.title,
        proposal.spot.name,
        format.formatTime(proposal.proposal.startsAt),
      );
      const parties = [row.buyerId, row.sellerId];
      for (const userId of parties) {
        await notifyMeetup(scope, deps, {
          userId,
          actorId: otherParty(row, userId),
          productId: product.id,
          message,
          event: `meetup:${id}:reminder`,
          now,
        });
      }
      const recipients = await findEmailRecipients(tx, 'meetupReminderEmail', parties);
      for (const recipient of recipients) {
        const { text, html } = renderEmail({
          appName: deps.config.appName,
          greeting: greetingFor(recipient.name),
          intro: [
            `Tu encuentro para entregar "${plainText(product.title)}" es el ${format.formatDateTimeWithZone(proposal.proposal.startsAt)}.`,
            `Lugar: ${plainText(proposal.spot.name)} (${plainText(proposal.spot.area)}).`,
            'Revisa el producto antes de pagar y no pagues por adelantado.',
          ],
          action: {
            label: 'Abrir el chat',
            url: `${deps.config.publicUrl}${chatLink(otherParty(row, recipient.id), product.id)}`,
          },
          outro: [
            `Recibes este recordatorio porque lo activaste en tu perfil: ${deps.config.publicUrl}/profile`,
          ],
        });
        await deps.mailer.enqueue(scope, {
          to: recipient.email,
          subject: MEETUP_TEXTS.reminderSubject(plainText(product.title)),
          text,
          html,
        });
      }
    }
    return { reminded: claimed.length };
  });
};
