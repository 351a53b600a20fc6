import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  DESTINATIONS,
  type ChatMessage,
  type ChatUser,
  type ChatUsersQuery,
  type SendChatMessage,
} from '@unimercado/shared/chat';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import type { Meetup } from '@unimercado/shared/schemas/meetups';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasRows, queryRows } from '../../db/rows';
import { chatMessages, chatPreferences, users } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertNotBlocked } from '../blocks/blocks.service';
import { assertPayloadActor, assertVerified, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { consumeLimit } from '../../plugins/rate-limit';
import { latestAvailableListingOf } from '../products/products.queries';

type ChatMessageRow = typeof chatMessages.$inferSelect;

export const toChatMessageDto = (row: ChatMessageRow): ChatMessage => {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    // A message removed by moderation keeps its place, not its words (decision 071).
    content: row.removedAt === null ? row.content : CHAT_MESSAGES.removedByModeration,
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
    // A block either way closes the conversation (decision 071).
    await assertNotBlocked(tx, actor.id, input.receiverId);
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
      removedAt: null,
    });
    if (!row.earlier_unread && !row.recently_notified) {
      await deps.notifier.notify(
        { tx, afterCommit },
        {
          userId: message.receiverId,
          typeId: NOTIFICATION_TYPES.message,
          message: CHAT_MESSAGES.notifyMessage(row.sender_name ?? ''),
          actorId: actor.id,
          link: `/chat?userId=${actor.id}`,
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

/**
 * A message the server writes for a structured event, a meet-up proposal (decision 083): stored
 * in the caller's transaction (the caller checked who may write), delivered after commit with
 * `publishChatMessage`. It rings no chat notification: the event notifies in its own words.
 */
export const insertServerMessage = async (
  tx: Tx,
  input: { senderId: number; receiverId: number; content: string; now: Date },
): Promise<ChatMessage> => {
  const [row] = await tx
    .insert(chatMessages)
    .values({
      senderId: input.senderId,
      receiverId: input.receiverId,
      content: input.content.slice(0, CHAT_LIMITS.messageMaxLength),
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toChatMessageDto(row);
};

export const findChatMessageById = async (db: Database | Tx, id: number) => {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row ? toChatMessageDto(row) : undefined;
};

/** Delivers a message (new, or one whose meet-up changed) to both sides' queues. */
export const publishChatMessage = (deps: Pick<AppDeps, 'broker'>, message: ChatMessage) =>
  Promise.all([
    deps.broker.publishToUser(message.receiverId, DESTINATIONS.userMessages, message),
    deps.broker.publishToUser(message.senderId, DESTINATIONS.userMessages, message),
  ]);

/** The meet-up proposals carried by some messages, by message id (the sales module's, handed over). */
export type FindMessageMeetups = (
  db: Database,
  messageIds: readonly number[],
) => Promise<ReadonlyMap<number, Meetup>>;

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

/** Moderation removes a message's words (decision 071); its place in the conversation stays. */
export const removeChatMessage = async (tx: Tx, id: number, now: Date) => {
  await tx.update(chatMessages).set({ removedAt: now }).where(eq(chatMessages.id, id));
};

/**
 * A message and up to `around` messages either side of it in its conversation, in reading order
 * (what an admin sees of a reported message).
 */
export const findMessageInContext = async (
  db: Database | Tx,
  id: number,
  around: number,
): Promise<{ message: ChatMessage; conversation: ChatMessage[] } | undefined> => {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  if (!row) return undefined;
  const conversation = or(
    and(eq(chatMessages.senderId, row.senderId), eq(chatMessages.receiverId, row.receiverId)),
    and(eq(chatMessages.senderId, row.receiverId), eq(chatMessages.receiverId, row.senderId)),
  );
  const [before, after] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(and(conversation, lt(chatMessages.id, id)))
      .orderBy(desc(chatMessages.id))
      .limit(around),
    db
      .select()
      .from(chatMessages)
      .where(and(conversation, gt(chatMessages.id, id)))
      .orderBy(chatMessages.id)
      .limit(around),
  ]);
  return {
    message: toChatMessageDto(row),
    conversation: [...before.reverse(), row, ...after].map(toChatMessageDto),
  };
};

/**
 * `GET /api/chat/users` (decision 040): the people the caller has a conversation with, newest
 * conversation first, each with the last message and how many of theirs the caller has not read;
 * then, unless `scope` is `conversations` and only for a verified caller (only verified members
 * can write), the other verified members, sellers of the newest available listings first, so a
 * client that shows "partners plus the preselected seller" finds the seller it was sent to. A
 * member without a conversation shows only what their public profile shows to anyone: id and
 * name (no address: the list is not a way round the profile reading limits of decision 012).
 * A deleted counterpart keeps their place as 'Usuario eliminado', with no address.
 */
export const listChatUsers = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { page, size, scope }: ChatUsersQuery,
): Promise<{ items: ChatUser[]; total: number }> => {
  const withMembers = scope === 'all' && actor.verified;
  const members = withMembers
    ? sql`or (u.id <> ${actor.id} and u.deleted_at is null and u.email_verified_at is not null)`
    : sql``;
  const rows = await queryRows<{
    total: number;
    id: number | null;
    name: string;
    email: string;
    deleted: boolean;
    message_id: number | null;
    sender_id: number;
    receiver_id: number;
    content: string;
    created_at: Date | string;
    read_at: Date | string | null;
    removed_at: Date | string | null;
    unread: number;
  }>(
    db,
    sql`
    with last as (
      select case when m.sender_id = ${actor.id} then m.receiver_id else m.sender_id end as partner_id,
        max(m.id) as last_id
      from chat_messages m
      where m.sender_id = ${actor.id} or m.receiver_id = ${actor.id}
      group by 1
    ), people as (
      select u.id, u.name, u.email, u.deleted_at is not null as deleted, last.last_id,
        ${withMembers ? latestAvailableListingOf(sql`u.id`) : sql`null::timestamptz`} as listed_at
      from users u
      left join last on last.partner_id = u.id
      where last.partner_id is not null ${members}
    )
    -- One row at least, carrying the total, also past the last page.
    select counted.total, page.*
    from (select count(*)::int as total from people) counted
    left join lateral (
      select people.id, people.name, people.email, people.deleted,
        m.id as message_id, m.sender_id, m.receiver_id, m.content, m.created_at, m.read_at,
        m.removed_at,
        (select count(*)::int from chat_messages c
          where c.receiver_id = ${actor.id} and c.sender_id = people.id and c.read_at is null) as unread
      from people
      left join chat_messages m on m.id = people.last_id
      order by people.last_id desc nulls last, people.listed_at desc nulls last, people.name, people.id
      limit ${size} offset ${page * size}
    ) page on true`,
  );
  const items = rows.flatMap((row): ChatUser[] =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            email: row.message_id !== null && actor.verified && !row.deleted ? row.email : '',
            lastMessage:
              row.message_id === null
                ? null
                : toChatMessageDto({
                    id: row.message_id,
                    senderId: row.sender_id,
                    receiverId: row.receiver_id,
                    content: row.content,
                    productId: null,
                    createdAt: new Date(row.created_at),
                    readAt: row.read_at === null ? null : new Date(row.read_at),
                    removedAt: row.removed_at === null ? null : new Date(row.removed_at),
                  }),
            unreadCount: Number(row.unread),
          },
        ],
  );
  return { items, total: Number(rows[0]?.total ?? 0) };
};

/**
 * `GET /api/chat/messages?userId=`: the caller's conversation with that user only, in reading
 * order (oldest first): the newest `size` messages (the whole conversation up to LIST_CAP when
 * `size` is not given); `before` (the previous page's `nextCursor`, its oldest message) pages
 * back to the older ones, again oldest first.
 */
export const listConversation = async (
  { db, findMeetups }: Pick<AppDeps, 'db'> & { findMeetups?: FindMessageMeetups },
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
  const meetups = findMeetups
    ? await findMeetups(
        db,
        page.map((row) => row.id),
      )
    : new Map<number, Meetup>();
  return {
    items: page.map((row) => {
      const message = toChatMessageDto(row);
      const meetup = meetups.get(row.id);
      return meetup ? { ...message, meetup } : message;
    }),
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

/** What the chat icon's badge shows: unread messages to the caller, and from how many people. */
export const countUnreadMessages = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor) => {
  const [row] = await db
    .select({
      unread: count(),
      conversations: sql<number>`count(distinct ${chatMessages.senderId})::int`,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.receiverId, actor.id), isNull(chatMessages.readAt)));
  return { unread: row?.unread ?? 0, conversations: Number(row?.conversations ?? 0) };
};

export type ChatPreferences = {
  unreadDigest: boolean;
  meetupReminderEmail: boolean;
  listingExpiryEmail: boolean;
};

/** The reminders a member may also get by email, off unless they opt in. */
export type EmailReminder = 'meetupReminderEmail' | 'listingExpiryEmail';

export const getChatPreferences = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
): Promise<ChatPreferences> => {
  const [row] = await db
    .select({
      unreadDigest: chatPreferences.unreadDigest,
      meetupReminderEmail: chatPreferences.meetupReminderEmail,
      listingExpiryEmail: chatPreferences.listingExpiryEmail,
    })
    .from(chatPreferences)
    .where(eq(chatPreferences.userId, actor.id));
  return {
    unreadDigest: row?.unreadDigest ?? true,
    meetupReminderEmail: row?.meetupReminderEmail ?? false,
    listingExpiryEmail: row?.listingExpiryEmail ?? false,
  };
};

/**
 * Of `userIds`, the members who asked for `reminder` by email too and can get it: a verified
 * address, the account not deleted (decision 083).
 */
export const findEmailRecipients = async (
  db: Database | Tx,
  reminder: EmailReminder,
  userIds: number[],
) => {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(chatPreferences)
    .innerJoin(users, eq(users.id, chatPreferences.userId))
    .where(
      and(
        inArray(chatPreferences.userId, userIds),
        eq(chatPreferences[reminder], true),
        isNull(users.deletedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    );
};

/** A setting left out stays as it is (clients written before the meet-up reminder send one). */
export const updateChatPreferences = async (
  deps: Pick<AppDeps, 'db' | 'now'>,
  actor: Actor,
  input: Partial<ChatPreferences>,
): Promise<ChatPreferences> => {
  const changes = {
    ...(input.unreadDigest === undefined ? {} : { unreadDigest: input.unreadDigest }),
    ...(input.meetupReminderEmail === undefined
      ? {}
      : { meetupReminderEmail: input.meetupReminderEmail }),
    ...(input.listingExpiryEmail === undefined
      ? {}
      : { listingExpiryEmail: input.listingExpiryEmail }),
    updatedAt: deps.now(),
  };
  await deps.db
    .insert(chatPreferences)
    .values({ userId: actor.id, ...changes })
    .onConflictDoUpdate({ target: chatPreferences.userId, set: changes });
  return getChatPreferences(deps, actor);
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
