import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { createdAt, SEARCH_CONFIG, tsvector, updatedAt } from './columns';
import { users } from './users';

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    title: varchar('title', { length: 40 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The spec's `status`: the item's condition. */
    condition: varchar('condition', { length: 10 }).notNull(),
    location: varchar('location', { length: 100 }).notNull(),
    isSold: boolean('is_sold').notNull().default(false),
    soldAt: timestamp('sold_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, coalesce("title", '')), 'A') || ` +
            `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, coalesce("description", '')), 'B')`,
        ),
      ),
  },
  (t) => [
    check('products_price_nonneg_ck', sql`${t.price} >= 0`),
    check('products_condition_ck', sql`${t.condition} in ('Nuevo', 'Seminuevo', 'Usado')`),
    index('products_seller_created_idx').on(t.sellerId, t.createdAt.desc()),
    index('products_category_idx').on(t.categoryId),
    index('products_available_created_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.isSold} = false`),
    index('products_price_idx').on(t.price),
    index('products_search_idx').using('gin', t.search),
    index('products_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('products_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Storage key of the full-size image (the public URL is derived from it). */
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    width: integer('width'),
    height: integer('height'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_images_product_position_uq').on(t.productId, t.position),
    check('product_images_position_ck', sql`${t.position} between 0 and 2`),
  ],
);
