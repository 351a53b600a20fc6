import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  DESTINATIONS,
  type ChatMessage,
  type ChatUser,
  type SendChatMessage,
} from '@unimercado/shared/chat';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasRows, queryRows } from '../../db/rows';
import { chatMessages, chatPreferences } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertPayloadActor, assertVerified, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { consumeLimit } from '../../plugins/rate-limit';

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

  const now = deps.now();
  const quietSince = new Date(now.getTime() - CHAT_QUIET_MS);
  return inTransaction(deps.db, async (tx, afterCommit) => {
    // One statement (a message is the hot path, 500 a second on one instance): store it if the
    // receiver is an active account, and read what the burst rule needs, as of before it.
    const [row] = await queryRows<InsertedRow>(
      tx,
      sql`
      with receiver as (
        select id from users where id = ${input.receiverId} and deleted_at is null
      ), inserted as (
        insert into chat_messages (sender_id, receiver_id, content, created_at)
        select ${actor.id}, receiver.id, ${content}, ${now} from receiver
        returning id, sender_id, receiver_id, content, product_id, read_at, created_at
      )
      select inserted.*,
        exists (select 1 from chat_messages m
          where m.sender_id = ${actor.id} and m.receiver_id = ${input.receiverId}
            and m.read_at is null) as earlier_unread,
        exists (select 1 from notifications n
          where n.user_id = ${input.receiverId} and n.actor_id = ${actor.id}
            and n.type_id = ${NOTIFICATION_TYPES.message}
            and n.created_at >= ${quietSince}) as recently_notified,
        (select name from users where id = ${actor.id}) as sender_name
      from inserted`,
    );
    if (!row) throw new AppError(404, 'NOT_FOUND', CHAT_MESSAGES.receiverNotFound);
    const message = toChatMessageDto({
      id: row.id,
      senderId: row.sender_id,
      receiverId: row.receiver_id,
      content: row.content,
      productId: row.product_id,
      readAt: row.read_at === null ? null : new Date(row.read_at),
      createdAt: new Date(row.created_at),
    });
    if (!row.earlier_unread && !row.recently_notified) {
      await deps.notifier.notify(
        { tx, afterCommit },
        {
          userId: message.receiverId,
          typeId: NOTIFICATION_TYPES.message,
          message: CHAT_MESSAGES.notifyMessage(row.sender_name ?? ''),
          actorId: actor.id,
          createdAt: now,
          // Two first messages racing in one quiet window make one notification.
          eventKey: `message:${actor.id}:${Math.floor(now.getTime() / CHAT_QUIET_MS)}`,
        },
      );
    }
    afterCommit(() =>
      Promise.all([
        deps.broker.publishToUser(message.receiverId, DESTINATIONS.userMessages, message),
        deps.broker.publishToUser(actor.id, DESTINATIONS.userMessages, message),
      ]),
    );
    return message;
  });
};

type InsertedRow = {
  id: number;
  sender_id: number;
  receiver_id: number;
  content: string;
  product_id: number | null;
  read_at: Date | string | null;
  created_at: Date | string;
  earlier_unread: boolean;
  recently_notified: boolean;
  sender_name: string | null;
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
 * `GET /api/chat/messages?userId=`: the caller's conversation with that user only, in reading
 * order (oldest first): the newest `size` messages (the whole conversation up to LIST_CAP when
 * `size` is not given); `before` (the previous page's `nextCursor`, its oldest message) pages
 * back to the older ones, again oldest first.
 */
export const listConversation = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: { userId: number; before?: number | undefined; size: number },
): Promise<{ items: ChatMessage[]; nextCursor: number | null; total: number }> => {
  const conversation = or(
    and(eq(chatMessages.senderId, actor.id), eq(chatMessages.receiverId, query.userId)),
    and(eq(chatMessages.senderId, query.userId), eq(chatMessages.receiverId, actor.id)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(
        and(
          conversation,
          query.before === undefined ? undefined : lt(chatMessages.id, query.before),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(query.size + 1),
    db.select({ value: count() }).from(chatMessages).where(conversation),
  ]);
  const page = rows.slice(0, query.size).reverse();
  const hasMore = rows.length > query.size;
  return {
    items: page.map(toChatMessageDto),
    nextCursor: hasMore ? (page[0]?.id ?? null) : null,
    total: counted?.value ?? 0,
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

/** Whether the member has a conversation: a message sent or received (decision 037). */
export const hasUserData = (db: Database | Tx, userId: number) =>
  hasRows(
    db,
    chatMessages,
    sql`${chatMessages.senderId} = ${userId} or ${chatMessages.receiverId} = ${userId}`,
  );

/**
 * Chat history stays when an account is deleted (the counterpart keeps it, shown as 'Usuario
 * eliminado'); only the member's own settings go.
 */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(chatPreferences).where(eq(chatPreferences.userId, userId));
};
