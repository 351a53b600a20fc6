import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { products } from './products';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rating: smallint('rating').notNull(),
    comment: varchar('comment', { length: 1000 }).notNull().default(''),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    revieweeId: integer('reviewee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    check('reviews_not_self_ck', sql`${t.reviewerId} <> ${t.revieweeId}`),
    uniqueIndex('reviews_reviewer_product_uq').on(t.reviewerId, t.productId),
    index('reviews_reviewee_created_idx').on(t.revieweeId, t.createdAt.desc()),
    index('reviews_product_idx').on(t.productId),
    // A seller's mean rating on every product card (decision 099), from the index alone.
    index('reviews_reviewee_rating_idx').on(t.revieweeId, t.rating),
  ],
);
