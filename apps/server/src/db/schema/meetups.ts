import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { chatMessages } from './chat';
import { createdAt, updatedAt } from './columns';
import { products } from './products';
import { sales } from './sales';
import { users } from './users';

/**
 * Safe places on campus to hand things over (decision 082), kept by admins. A spot a listing or a
 * proposal names is never deleted, only deactivated (the foreign keys restrict).
 */
export const meetupSpots = pgTable(
  'meetup_spots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 80 }).notNull(),
    area: varchar('area', { length: 120 }).notNull(),
    openingHours: varchar('opening_hours', { length: 120 }).notNull(),
    description: varchar('description', { length: 300 }).notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meetup_spots_name_lower_uq').on(sql`lower(${t.name})`),
    check(
      'meetup_spots_coordinates_ck',
      sql`(${t.latitude} is null) = (${t.longitude} is null)
        and (${t.latitude} is null or ${t.latitude} between -90 and 90)
        and (${t.longitude} is null or ${t.longitude} between -180 and 180)`,
    ),
  ],
);

/** The spots a seller marked on a listing as suiting them. */
export const productMeetupSpots = pgTable(
  'product_meetup_spots',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    spotId: integer('spot_id')
      .notNull()
      .references(() => meetupSpots.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.spotId], name: 'product_meetup_spots_pk' }),
    index('product_meetup_spots_spot_idx').on(t.spotId),
  ],
);

/**
 * A meet-up proposed by one party of a hand-off (the accepted offer, `sales`) to the other
 * (decision 083). At most one pending and one accepted per hand-off.
 */
export const meetupProposals = pgTable(
  'meetup_proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    proposerId: integer('proposer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    spotId: integer('spot_id')
      .notNull()
      .references(() => meetupSpots.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('proposed'),
    /** The chat message that carries it. */
    chatMessageId: integer('chat_message_id').references(() => chatMessages.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** When the reminder an hour before went out (sent once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'meetup_proposals_state_ck',
      sql`${t.state} in ('proposed', 'accepted', 'declined', 'superseded')`,
    ),
    uniqueIndex('meetup_proposals_one_pending_uq')
      .on(t.saleId)
      .where(sql`${t.state} = 'proposed'`),
    uniqueIndex('meetup_proposals_one_accepted_uq')
      .on(t.saleId)
      .where(sql`${t.state} = 'accepted'`),
    index('meetup_proposals_sale_idx').on(t.saleId, t.id),
    index('meetup_proposals_chat_message_idx').on(t.chatMessageId),
    index('meetup_proposals_spot_idx').on(t.spotId),
    // The reminder job looks only at accepted meet-ups not yet reminded.
    index('meetup_proposals_due_reminder_idx')
      .on(t.startsAt)
      .where(sql`${t.state} = 'accepted' and ${t.remindedAt} is null`),
  ],
);
