import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './products';
import { users } from './users';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    content: varchar('content', { length: 2000 }).notNull(),
    /** Optional product the conversation is about. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** Removed by moderation (decision 071): its text is no longer shown. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('chat_messages_not_self_ck', sql`${t.senderId} <> ${t.receiverId}`),
    index('chat_messages_pair_created_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('chat_messages_receiver_sender_created_idx').on(t.receiverId, t.senderId, t.createdAt),
    // Unread counts and the unread-messages digest only look at unread rows.
    index('chat_messages_unread_idx')
      .on(t.receiverId, t.createdAt)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * A member's chat settings (a row only once something differs from the defaults): whether unread
 * messages are summarised by email, and when the last summary went out (at most one a day);
 * whether meet-up reminders and listing expiry reminders also go by email.
 */
export const chatPreferences = pgTable('chat_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unreadDigest: boolean('unread_digest').notNull().default(true),
  /** Opted in to an email reminder an hour before an accepted meet-up (decision 083). */
  meetupReminderEmail: boolean('meetup_reminder_email').notNull().default(false),
  /** Opted in to an email when a listing is about to expire (issue 21, decision 094). */
  listingExpiryEmail: boolean('listing_expiry_email').notNull().default(false),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true, mode: 'date' }),
  updatedAt: updatedAt(),
});
