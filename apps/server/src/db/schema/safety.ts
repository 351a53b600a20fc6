import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Reports of a listing, a member or a message (decision 071). `target_id` names a row of the
 * table `target_type` says, without a foreign key: a report outlives what it reports (an admin
 * still sees what was done about a deleted listing). One open report per reporter and target.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: varchar('target_type', { length: 16 })
      .$type<'product' | 'user' | 'message'>()
      .notNull(),
    targetId: integer('target_id').notNull(),
    reason: varchar('reason', { length: 32 }).notNull(),
    details: varchar('details', { length: 500 }),
    status: varchar('status', { length: 16 })
      .$type<'open' | 'resolved' | 'dismissed'>()
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('reports_target_type_ck', sql`${t.targetType} in ('product', 'user', 'message')`),
    check('reports_status_ck', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    uniqueIndex('reports_one_open_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A member who blocked another: neither can message or offer the other (decision 071). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self_ck', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * The moderation audit log (decision 071): who did what to which target, when and why. `admin_id`
 * is null for what the system did by itself (a listing hidden after several reports).
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 32 }).notNull(),
    targetType: varchar('target_type', { length: 16 })
      .$type<'product' | 'user' | 'message'>()
      .notNull(),
    targetId: integer('target_id').notNull(),
    /** The member the action is about (the listing's seller, the message's sender). */
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** A suspension's end (null: permanent, or not a suspension). */
    until: timestamp('until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt)],
);
