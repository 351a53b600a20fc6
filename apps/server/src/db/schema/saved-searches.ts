import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ProductCondition, ProductSort } from '@unimercado/shared/constants';
import { createdAt, FOLD_FUNCTION, SEARCH_CONFIG, tsquery, updatedAt } from './columns';
import { products } from './products';
import { users } from './users';

/**
 * A member's saved search (issue 21, decision 088): the text, filters and sort of /search. The
 * database keeps the forms matching needs, made once when the search is saved: the text as a
 * full-text query (the same configuration as the products' `search` column) and folded for the
 * partial-word match on titles, the place folded.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    search: varchar('search', { length: 100 }),
    categoryId: integer('category_id'),
    minPrice: numeric('min_price', { precision: 12, scale: 2, mode: 'number' }),
    maxPrice: numeric('max_price', { precision: 12, scale: 2, mode: 'number' }),
    condition: varchar('condition', { length: 16 }).$type<ProductCondition>(),
    location: varchar('location', { length: 100 }),
    sort: varchar('sort', { length: 16 }).$type<ProductSort>(),
    /** The criteria in one normalised string: the same search is saved once per member. */
    criteriaKey: varchar('criteria_key', { length: 400 }).notNull(),
    isPaused: boolean('is_paused').notNull().default(false),
    emailDigest: boolean('email_digest').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    query: tsquery('query').generatedAlwaysAs(
      sql.raw(
        `case when "search" is null then null else websearch_to_tsquery('${SEARCH_CONFIG}'::regconfig, "search") end`,
      ),
    ),
    searchFolded: text('search_folded').generatedAlwaysAs(
      sql.raw(`lower(${FOLD_FUNCTION}("search"))`),
    ),
    /**
     * The text's lexemes and the first three folded characters: an index finds the searches a
     * listing may match (a shared lexeme, or the start of a partial word in its title) without
     * reading the others.
     */
    lexemes: text('lexemes')
      .array()
      .generatedAlwaysAs(
        sql.raw(
          `tsvector_to_array(to_tsvector('${SEARCH_CONFIG}'::regconfig, coalesce("search", '')))`,
        ),
      ),
    searchHead: text('search_head').generatedAlwaysAs(
      sql.raw(`left(lower(${FOLD_FUNCTION}("search")), 3)`),
    ),
    locationFolded: text('location_folded').generatedAlwaysAs(
      sql.raw(`lower(${FOLD_FUNCTION}("location"))`),
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_criteria_uq').on(t.userId, t.criteriaKey),
    // Matching picks its candidates among the active searches by index (decision 088).
    index('saved_searches_active_lexemes_idx')
      .using('gin', t.lexemes)
      .where(sql`not ${t.isPaused}`),
    index('saved_searches_active_head_idx')
      .on(t.searchHead)
      .where(sql`not ${t.isPaused}`),
    index('saved_searches_active_textless_idx')
      .on(t.categoryId)
      .where(sql`not ${t.isPaused} and ${t.search} is null`),
  ],
);

/**
 * A listing that matched a saved search (once per search and listing: a listing seen again, or
 * matched again when it becomes visible again, never counts or alerts twice).
 */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.productId] }),
    index('saved_search_hits_product_idx').on(t.productId),
  ],
);

/**
 * Listings waiting to be matched (the outbox of decision 088): written in the listing's own
 * transaction, so a listing committed is matched even if the process stops right after.
 */
export const savedSearchQueue = pgTable('saved_search_queue', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  queuedAt: createdAt(),
});

/** When a member last got the saved-search email digest (at most one a day). */
export const savedSearchDigests = pgTable('saved_search_digests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true, mode: 'date' }).notNull(),
});
