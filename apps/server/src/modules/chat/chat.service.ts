import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  DESTINATIONS,
  type ChatMessage,
  type ChatUser,
  type SendChatMessage,
} from '@unimercado/shared/chat';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { chatMessages, chatPreferences, users } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertPayloadActor, assertVerified, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { consumeLimit } from '../../plugins/rate-limit';
import { findCausedBy } from '../notifications/notifications.service';

type ChatMessageRow = typeof chatMessages.$inferSelect;

export const toChatMessageDto = (row: ChatMessageRow): ChatMessage => {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    createdAt,
    timestamp: createdAt,
    read: row.readAt !== null,
  };
};

/**
 * One notification per burst (decision 023): a message notifies its receiver only when nothing
 * earlier from that sender is still unread and the sender caused no message notification for
 * them in the last CHAT_QUIET_MS (a live conversation does not ring on every line).
 */
export const CHAT_QUIET_MS = 5 * 60_000;

const validationError = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);

type SendDeps = Pick<AppDeps, 'db' | 'now' | 'notifier' | 'broker' | 'counters' | 'rateLimits'>;

/**
 * `SEND /app/chat.private` (architecture.md, "Real-time chat"): the acting user is the connected
 * one; the message is stored (with the receiver's notification) before it is delivered, with its
 * real id, to the receiver's and the sender's queues.
 */
export const sendPrivateMessage = async (
  deps: SendDeps,
  actor: Actor,
  input: SendChatMessage,
): Promise<ChatMessage> => {
  assertPayloadActor(actor, input.senderId, CHAT_MESSAGES.senderMismatch);
  assertVerified(actor);
  const content = input.content.trim();
  if (content === '') throw validationError(CHAT_MESSAGES.blank);
  if (content.length > CHAT_LIMITS.messageMaxLength) throw validationError(CHAT_MESSAGES.tooLong);
  if (content.includes('\u0000')) throw validationError(CHAT_MESSAGES.blank);
  if (input.receiverId === actor.id) throw validationError(CHAT_MESSAGES.toSelf);
  await consumeLimit(deps.counters, `chat:${actor.id}`, deps.rateLimits.chatMessagesPerAccount);

  // The sender's current name (a rename shows in the next notification) and a live receiver.
  const parties = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [actor.id, input.receiverId]), isNull(users.deletedAt)));
  const sender = parties.find((party) => party.id === actor.id);
  const receiver = parties.find((party) => party.id === input.receiverId);
  if (!receiver || !sender) throw new AppError(404, 'NOT_FOUND', CHAT_MESSAGES.receiverNotFound);

  const now = deps.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({ senderId: actor.id, receiverId: receiver.id, content, createdAt: now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const message = toChatMessageDto(row);
    if (await startsBurst(tx, row, now)) {
      await deps.notifier.notify(
        { tx, afterCommit },
        {
          userId: receiver.id,
          typeId: NOTIFICATION_TYPES.message,
          message: CHAT_MESSAGES.notifyMessage(sender.name),
          actorId: actor.id,
          createdAt: now,
          // Two first messages racing in one quiet window make one notification.
          eventKey: `message:${actor.id}:${Math.floor(now.getTime() / CHAT_QUIET_MS)}`,
        },
      );
    }
    afterCommit(async () => {
      await deps.broker.publishToUser(receiver.id, DESTINATIONS.userMessages, message);
      await deps.broker.publishToUser(actor.id, DESTINATIONS.userMessages, message);
    });
    return message;
  });
};

const startsBurst = async (tx: Tx, row: ChatMessageRow, now: Date) => {
  const [earlierUnread] = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.senderId, row.senderId),
        eq(chatMessages.receiverId, row.receiverId),
        isNull(chatMessages.readAt),
        lt(chatMessages.id, row.id),
      ),
    )
    .limit(1);
  if (earlierUnread) return false;
  const recent = await findCausedBy(tx, {
    userId: row.receiverId,
    actorId: row.senderId,
    typeId: NOTIFICATION_TYPES.message,
    since: new Date(now.getTime() - CHAT_QUIET_MS),
  });
  return !recent;
};

/** A deleted counterpart keeps their place in the list as 'Usuario eliminado', with no address. */
const visibleEmail = (actor: Actor, partner: { email: string; deleted: boolean }) =>
  actor.verified && !partner.deleted ? partner.email : '';

/**
 * `GET /api/chat/users`: the people the caller has a conversation with, newest conversation
 * first, each with the last message and how many of theirs the caller has not read.
 */
export const listChatUsers = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { page, size }: { page: number; size: number },
): Promise<{ items: ChatUser[]; total: number }> => {
  const rows = await queryRows<{
    id: number;
    name: string;
    email: string;
    deleted: boolean;
    message_id: number;
    sender_id: number;
    receiver_id: number;
    content: string;
    created_at: Date | string;
    read_at: Date | string | null;
    unread: number;
    total: number;
  }>(
    db,
    sql`
    with last as (
      select case when m.sender_id = ${actor.id} then m.receiver_id else m.sender_id end as partner_id,
        max(m.id) as last_id
      from chat_messages m
      where m.sender_id = ${actor.id} or m.receiver_id = ${actor.id}
      group by 1
    )
    select u.id, u.name, u.email, u.deleted_at is not null as deleted,
      m.id as message_id, m.sender_id, m.receiver_id, m.content, m.created_at, m.read_at,
      (select count(*)::int from chat_messages c
        where c.receiver_id = ${actor.id} and c.sender_id = u.id and c.read_at is null) as unread,
      count(*) over ()::int as total
    from last
    join users u on u.id = last.partner_id
    join chat_messages m on m.id = last.last_id
    order by m.id desc
    limit ${size} offset ${page * size}`,
  );
  const total = Number(rows[0]?.total ?? 0);
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: visibleEmail(actor, row),
    lastMessage: toChatMessageDto({
      id: row.message_id,
      senderId: row.sender_id,
      receiverId: row.receiver_id,
      content: row.content,
      productId: null,
      createdAt: new Date(row.created_at),
      readAt: row.read_at === null ? null : new Date(row.read_at),
    }),
    unreadCount: Number(row.unread),
  }));
  if (items.length === 0 && page > 0) {
    // Past the last page the window function has no row to count on.
    const [counted] = await queryRows<{ total: number }>(
      db,
      sql`select count(distinct case when sender_id = ${actor.id} then receiver_id else sender_id end)::int as total
        from chat_messages where sender_id = ${actor.id} or receiver_id = ${actor.id}`,
    );
    return { items, total: Number(counted?.total ?? 0) };
  }
  return { items, total };
};

/**
 * `GET /api/chat/messages?userId=`: the caller's conversation with that user only, newest first,
 * `size` at a time; `before` (the previous page's `nextCursor`) pages back.
 */
export const listConversation = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: { userId: number; before?: number | undefined; size: number },
): Promise<{ items: ChatMessage[]; nextCursor: number | null }> => {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        or(
          and(eq(chatMessages.senderId, actor.id), eq(chatMessages.receiverId, query.userId)),
          and(eq(chatMessages.senderId, query.userId), eq(chatMessages.receiverId, actor.id)),
        ),
        query.before === undefined ? undefined : lt(chatMessages.id, query.before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(query.size + 1);
  const page = rows.slice(0, query.size);
  const hasMore = rows.length > query.size;
  return {
    items: page.map(toChatMessageDto),
    nextCursor: hasMore ? (page.at(-1)?.id ?? null) : null,
  };
};

/** Marks every message `userId` sent the caller as read; answers how many changed. */
export const markConversationRead = async (
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  actor: Actor,
  userId: number,
) => {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: now() })
    .where(
      and(
        eq(chatMessages.receiverId, actor.id),
        eq(chatMessages.senderId, userId),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return { updated: rows.length };
};

export type ChatPreferences = { unreadDigest: boolean };

export const getChatPreferences = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
): Promise<ChatPreferences> => {
  const [row] = await db
    .select({ unreadDigest: chatPreferences.unreadDigest })
    .from(chatPreferences)
    .where(eq(chatPreferences.userId, actor.id));
  return { unreadDigest: row?.unreadDigest ?? true };
};

export const updateChatPreferences = async (
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  actor: Actor,
  input: ChatPreferences,
): Promise<ChatPreferences> => {
  await db
    .insert(chatPreferences)
    .values({ userId: actor.id, unreadDigest: input.unreadDigest, updatedAt: now() })
    .onConflictDoUpdate({
      target: chatPreferences.userId,
      set: { unreadDigest: input.unreadDigest, updatedAt: now() },
    });
  return { unreadDigest: input.unreadDigest };
};

/**
 * Chat history stays when an account is deleted (the counterpart keeps it, shown as 'Usuario
 * eliminado'); only the member's own settings go.
 */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(chatPreferences).where(eq(chatPreferences.userId, userId));
};
