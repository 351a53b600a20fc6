import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: smallint('type_id').notNull(),
    message: varchar('message', { length: 500 }).notNull(),
    read: boolean('read').notNull().default(false),
    /**
     * Identifies the event that caused it (e.g. `offer:12`), so a repeated call for the same event
     * cannot create a duplicate (architecture.md, "The server is the authority").
     */
    eventKey: varchar('event_key', { length: 100 }),
    /** Who caused it (the offer's buyer, the message's sender), when someone did. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where it leads in the app (its chat, the offers or the purchase it is about); issue 18. */
    link: varchar('link', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_read_created_idx').on(t.userId, t.read, t.createdAt.desc()),
    // Finds what a given person caused for a user (chat bursts, a client's echo of an event).
    index('notifications_user_actor_created_idx')
      .on(t.userId, t.actorId, t.createdAt.desc())
      .where(sql`${t.actorId} is not null`),
    uniqueIndex('notifications_user_event_uq')
      .on(t.userId, t.eventKey)
      .where(sql`${t.eventKey} is not null`),
  ],
);
