import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { createdAt, FOLD_FUNCTION, SEARCH_CONFIG, tsvector, updatedAt } from './columns';
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
    /**
     * Sold through an accepted offer whose hand-off is still open (decision 075): spec clients
     * see `isSold`, our app shows 'Reservado'. A cancelled hand-off makes the product available.
     */
    isReserved: boolean('is_reserved').notNull().default(false),
    /** Hidden by moderation, or pending review after several reports (decision 071). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The title accent- and case-folded, kept by the database: partial-word search matches and
     * ranks on it without folding every candidate row again (modules/products/products.queries.ts).
     */
    titleFolded: text('title_folded')
      .notNull()
      .generatedAlwaysAs(sql.raw(`lower(${FOLD_FUNCTION}("title"))`)),
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
    // A category or a condition with a price range narrows a search before the rows are read.
    index('products_available_category_price_idx')
      .on(t.categoryId, t.price)
      .where(sql`${t.isSold} = false`),
    index('products_available_condition_price_idx')
      .on(t.condition, t.price)
      .where(sql`${t.isSold} = false`),
    // GIN indexes without a pending list (fastupdate off): a listing costs a little more to
    // publish, but searches stay fast right after many inserts, with no wait for a vacuum.
    index('products_search_idx').using('gin', t.search).with({ fastupdate: false }),
    // A search among available products with a category or a condition (what the listing page
    // asks): one index scan finds the rows matching the words and the filter together (btree_gin
    // indexes the plain columns), so only those rows are read to be ranked.
    index('products_available_search_filters_idx')
      .using('gin', t.search, t.condition, t.categoryId)
      .with({ fastupdate: false })
      .where(sql`${t.isSold} = false`),
    // Partial words in titles (the stored folded title) and place names, accent- and
    // case-insensitive: the place expression matches `folded()` in
    // modules/products/products.queries.ts; FOLD_FUNCTION is created by the listings migration.
    index('products_title_folded_trgm_idx')
      .using('gin', sql.raw('"title_folded" gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('products_location_fold_trgm_idx')
      .using('gin', sql.raw(`lower(${FOLD_FUNCTION}("location")) gin_trgm_ops`))
      .with({ fastupdate: false }),
  ],
);

/**
 * The words of every title ever published, accent- and case-folded (decision 097): a misspelt
 * search word is corrected against this short list through its trigram index, then searched as a
 * whole word, instead of comparing the misspelling with every title. Kept by the products service
 * when a title is written; words of removed titles stay (they only cost a row each).
 */
export const searchWords = pgTable(
  'search_words',
  { word: varchar('word', { length: 40 }).primaryKey() },
  (t) => [
    index('search_words_word_trgm_idx')
      .using('gin', sql.raw(`"${t.word.name}" gin_trgm_ops`))
      .with({ fastupdate: false }),
  ],
);

/** What product_images and product_uploads both keep of a stored photo, besides its key. */
const storedImageColumns = () => ({
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Storage key of the grid thumbnail. */
  thumbnailKey: text('thumbnail_key').notNull(),
  thumbnailWidth: integer('thumbnail_width').notNull(),
  thumbnailHeight: integer('thumbnail_height').notNull(),
  /** Bytes of both versions together (what the photo costs in storage). */
  sizeBytes: integer('size_bytes').notNull(),
});

/**
 * A product's photos, cover first (`position` 0). Both versions are WebP re-encoded by the server
 * (no metadata); the columns hold storage keys, the public URLs are derived from them.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Storage key of the large version. */
    key: text('key').notNull(),
    ...storedImageColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_images_product_position_uq').on(t.productId, t.position),
    uniqueIndex('product_images_key_uq').on(t.key),
    // The orphan-file sweep asks which listed keys a row still names (decision 055).
    index('product_images_thumbnail_key_idx').on(t.thumbnailKey),
    check('product_images_position_ck', sql`${t.position} between 0 and 2`),
  ],
);

/**
 * Photos uploaded but not (yet) attached to a product. Publishing moves a row to product_images;
 * rows older than a day are swept away with their files (products/uploads.ts).
 */
export const productUploads = pgTable(
  'product_uploads',
  {
    key: text('key').primaryKey(),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...storedImageColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_uploads_uploader_idx').on(t.uploaderId),
    index('product_uploads_created_idx').on(t.createdAt),
  ],
);

/**
 * One row per viewer per UTC day and product (the seller's insight): `viewer` is `u:<id>` for a
 * signed-in viewer or `a:<hash>` (keyed hash of address and browser) for an anonymous one.
 */
export const productViews = pgTable(
  'product_views',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: varchar('viewer', { length: 40 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day, t.viewer], name: 'product_views_pk' })],
);
