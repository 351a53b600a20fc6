import { setTimeout as delay } from 'node:timers/promises';
import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationCounts,
  type NotificationEcho,
} from '@unimercado/shared/schemas/notifications';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertOwner, assertPayloadActor, assertSelf, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { consumeLimit } from '../../plugins/rate-limit';

export type NotificationInput = {
  userId: number;
  typeId: number;
  message: string;
  /**
   * The event that caused it (e.g. `offer:12`): a second notification of the same event for the
   * same user is not created (architecture.md, "The server is the authority").
   */
  eventKey?: string | undefined;
  /** The user whose action caused it (buyer, sender); lets a client's echo be recognised. */
  actorId?: number | undefined;
  /** When it happened, from the service's `now` (default: the database's clock). */
  createdAt?: Date | undefined;
  /** Where it leads in the app: the chat, the offers or the purchase it is about (issue 18). */
  link?: string | undefined;
  /**
   * With `eventKey`: an unread notification of the same key is updated (text, link, time) rather
   * than a new one added; once read, the next one is new (grouped alerts, decision 088).
   */
  replaceUnread?: boolean | undefined;
};

type NotificationRow = typeof notifications.$inferSelect;

/** Where a notification leads: its own link; one written before links, by its type and sender. */
const linkOf = (row: NotificationRow): string | null => {
  if (row.link) return row.link;
  if (row.typeId === NOTIFICATION_TYPES.message && row.actorId !== null) {
    return `/chat?userId=${row.actorId}`;
  }
  if (row.typeId === NOTIFICATION_TYPES.newOffer) return '/my-products';
  return null;
};

export const toNotificationDto = (row: NotificationRow): Notification => ({
  id: row.id,
  userId: row.userId,
  typeId: row.typeId,
  message: row.message,
  read: row.read,
  createdAt: row.createdAt.toISOString(),
  link: linkOf(row),
});

const rowValues = (input: NotificationInput) => ({
  userId: input.userId,
  typeId: input.typeId,
  message: input.message,
  eventKey: input.eventKey ?? null,
  actorId: input.actorId ?? null,
  link: input.link ?? null,
});

/**
 * The unread notification of `eventKey` updated, or a new one: a read one first gives its key up
 * (it stays in the list as it was). A row read in between is made unread again with the new text.
 */
const upsertUnreadNotification = async (tx: Tx, input: NotificationInput, eventKey: string) => {
  const key = and(eq(notifications.userId, input.userId), eq(notifications.eventKey, eventKey));
  await tx
    .update(notifications)
    .set({ eventKey: null })
    .where(and(key, eq(notifications.read, true)));
  const createdAt = input.createdAt ?? new Date();
  const [row] = await tx
    .insert(notifications)
    .values({ ...rowValues(input), createdAt })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.eventKey],
      targetWhere: sql`${notifications.eventKey} is not null`,
      set: { message: input.message, link: input.link ?? null, read: false, createdAt },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return toNotificationDto(row);
};

/** Inserts one notification; undefined when its event was already notified to that user. */
export const insertNotification = async (
  tx: Tx,
  input: NotificationInput,
): Promise<Notification | undefined> => {
  if (input.replaceUnread && input.eventKey)
    return upsertUnreadNotification(tx, input, input.eventKey);
  const [row] = await tx
    .insert(notifications)
    .values({
      ...rowValues(input),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    // The only unique key besides the id is (user_id, event_key) where event_key is set.
    .onConflictDoNothing()
    .returning();
  return row ? toNotificationDto(row) : undefined;
};

/**
 * The newest notification of `typeId` that `actorId` caused for `userId` since `since`, if any
 * (chat bursts; recognising a client's echo of an event, decision 023).
 */
export const findCausedBy = async (
  db: Database | Tx,
  input: { userId: number; actorId: number; typeId: number; since: Date },
): Promise<Notification | undefined> => {
  const [row] = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.actorId, input.actorId),
        eq(notifications.typeId, input.typeId),
        gte(notifications.createdAt, input.since),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return row ? toNotificationDto(row) : undefined;
};

/** Newest first; `read` filters; the caller's own only (a `userId` naming another is 403). */
export const listNotifications = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: { userId?: number | undefined; read?: boolean | undefined; page: number; size: number },
) => {
  assertSelf(actor, query.userId ?? actor.id, NOTIFICATION_MESSAGES.notOwner);
  const where = and(
    eq(notifications.userId, actor.id),
    query.read === undefined ? undefined : eq(notifications.read, query.read),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ value: count() }).from(notifications).where(where),
  ]);
  return { items: rows.map(toNotificationDto), total: total?.value ?? 0 };
};

export const countNotifications = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
): Promise<NotificationCounts> => {
  const rows = await db
    .select({ read: notifications.read, value: count() })
    .from(notifications)
    .where(eq(notifications.userId, actor.id))
    .groupBy(notifications.read);
  return {
    unread: rows.find((row) => !row.read)?.value ?? 0,
    read: rows.find((row) => row.read)?.value ?? 0,
  };
};

/** The owner only (404 when it does not exist, 403 when it is someone else's). Idempotent. */
export const markNotificationRead = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  id: number,
): Promise<Notification> => {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!row) throw new AppError(404, 'NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
  assertOwner(actor, row.userId, NOTIFICATION_MESSAGES.notOwner);
  if (row.read) return toNotificationDto(row);
  const [updated] = await db
    .update(notifications)
    .set({ read: true })
    .where(eq(notifications.id, id))
    .returning();
  return toNotificationDto(updated ?? row);
};

/** Marks every unread notification of the caller read; answers how many changed. */
export const markAllNotificationsRead = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor) => {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, actor.id), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
};

/** How far back an echo may look for the event it repeats. */
export const ECHO_WINDOW_MS = 10 * 60_000;
/**
 * A spec client publishes its chat message over STOMP and calls POST /api/notifications at
 * once, on another connection: the echo may arrive before the message is stored. It waits this
 * long, looking again every ECHO_POLL_MS, before concluding there is no such event.
 */
export const ECHO_WAIT_MS = 2_000;
const ECHO_POLL_MS = 100;

/**
 * `POST /api/notifications` (decision 023). For oneself (no `userId`, or one's own id) it creates
 * the notification. For someone else it never writes: if the server already notified that user of
 * an event the caller caused (same typeId, `actor_id` = caller, within ECHO_WINDOW_MS), it answers
 * what the caller sent (`created: false`, no duplicate, nothing of the receiver's notification);
 * otherwise 403.
 */
export const createNotificationFromClient = async (
  deps: Pick<AppDeps, 'db' | 'notifier' | 'now' | 'counters' | 'rateLimits'>,
  actor: Actor,
  input: { userId?: number | null | undefined; typeId: number; message: string; read?: boolean },
): Promise<
  { notification: Notification; created: true } | { echo: NotificationEcho; created: false }
> => {
  await consumeLimit(
    deps.counters,
    `notification-post:${actor.id}`,
    deps.rateLimits.notificationPostsPerAccount,
  );
  const userId = input.userId ?? actor.id;
  if (userId === actor.id) {
    const notification = await inTransaction(deps.db, (tx, afterCommit) =>
      deps.notifier.notify(
        { tx, afterCommit },
        {
          userId,
          typeId: input.typeId,
          message: input.message,
          actorId: actor.id,
          createdAt: deps.now(),
        },
      ),
    );
    if (!notification) throw new Error('notification without event key was not created');
    return { notification, created: true };
  }
  for (let poll = 0; ; poll += 1) {
    const echoed = await findCausedBy(deps.db, {
      userId,
      actorId: actor.id,
      typeId: input.typeId,
      since: new Date(deps.now().getTime() - ECHO_WINDOW_MS),
    });
    if (echoed) {
      const { typeId, message, read } = input;
      return {
        echo: { userId, typeId, message, ...(read === undefined ? {} : { read }) },
        created: false,
      };
    }
    if (poll >= ECHO_WAIT_MS / ECHO_POLL_MS) break;
    await delay(ECHO_POLL_MS);
  }
  assertPayloadActor(actor, userId, NOTIFICATION_MESSAGES.forOthers);
  throw new Error('unreachable: assertPayloadActor refuses another user');
};

/** A deleted account's notifications go with it (architecture.md, data safety). */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
};
