import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './products';
import { users } from './users';

/** An offer on a product; only `accepted` counts as a purchase. */
export const sales = pgTable(
  'sales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /**
     * The hand-off of an accepted offer (decision 075): reserved until the buyer confirms receipt
     * (`completedAt`), or the seller confirmed (`sellerConfirmedAt`) and 72 hours passed without
     * the buyer cancelling. A cancelled hand-off turns the offer `cancelled`.
     */
    sellerConfirmedAt: timestamp('seller_confirmed_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledById: integer('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: varchar('cancel_reason', { length: 20 }),
    cancelNote: varchar('cancel_note', { length: 300 }),
    /** Who did not come, when the other party cancelled for a no-show (admins see repeats). */
    noShowUserId: integer('no_show_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sales_price_positive_ck', sql`${t.price} > 0`),
    check('sales_status_ck', sql`${t.status} in ('pending', 'accepted', 'rejected', 'cancelled')`),
    // Concurrent accepts on one product: exactly one can win.
    uniqueIndex('sales_one_accepted_per_product_uq')
      .on(t.productId)
      .where(sql`${t.status} = 'accepted'`),
    // One pending offer per buyer and product: a new one replaces the old (decision 025).
    uniqueIndex('sales_one_pending_per_buyer_product_uq')
      .on(t.productId, t.buyerId)
      .where(sql`${t.status} = 'pending'`),
    index('sales_product_status_idx').on(t.productId, t.status),
    index('sales_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    index('sales_no_show_user_idx')
      .on(t.noShowUserId)
      .where(sql`${t.noShowUserId} is not null`),
  ],
);
