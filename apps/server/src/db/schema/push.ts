import { index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** A browser's push subscription (issue 21): where and with which keys to send a member's pushes. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser; one browser belongs to one member at a time. */
    endpoint: varchar('endpoint', { length: 1000 }).notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The push categories a member switched off (a row per category; none = everything on), so a
 * category added later needs no migration (decision 092).
 */
export const pushMutedCategories = pgTable(
  'push_muted_categories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 40 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);
