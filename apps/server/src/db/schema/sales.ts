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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sales_price_positive_ck', sql`${t.price} > 0`),
    check('sales_status_ck', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
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
  ],
);
