import type { ProductSort } from '@unimercado/shared/constants';
import type { Product, ProductListQuery } from '@unimercado/shared/schemas/products';
import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { averageRating } from '../../lib/rating';
import { FOLD_FUNCTION, SEARCH_CONFIG } from '../../db/schema/columns';
import { products } from '../../db/schema';
import type { AfterCommit, Tx } from '../../db/tx';
import type { Storage } from '../../plugins/storage';
import { toImageDto } from './uploads';

type Queryable = Database | Tx;

/** [key, width, height, thumbnailKey, thumbnailWidth, thumbnailHeight], cover first. */
type ImageTuple = [string, number, number, string, number, number];

type ProductRow = {
  id: number;
  title: string;
  description: string;
  price: number | string;
  condition: Product['status'];
  location: string;
  category_id: number;
  category_name: string;
  seller_id: number;
  seller_name: string;
  is_sold: boolean;
  is_reserved: boolean;
  sold_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  hidden_at: Date | string | null;
  images: ImageTuple[] | string | null;
  view_count?: number | string | null;
  favorites_count?: number | string | null;
  seller_review_count: number | string;
  seller_rating_sum: number | string;
};

/** Announced on the bus after any product change: every instance drops its cached answers. */
export const PRODUCTS_CHANGED_TOPIC = 'products.changed';

const toIso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Everything a card or a detail page shows, in one row per product: the category's and the
 * seller's names and the photos (json) ride along, so a page needs one query.
 */
const productColumns = (withViews: boolean) => sql`
  p.id, p.title, p.description, p.price::float8 as price, p.condition, p.location,
  p.category_id, c.name as category_name, p.seller_id, u.name as seller_name,
  p.is_sold, p.is_reserved, p.sold_at, p.created_at, p.updated_at, p.hidden_at,
  sr.seller_review_count, sr.seller_rating_sum,
  coalesce((
    select json_agg(json_build_array(i.key, i.width, i.height, i.thumbnail_key,
      i.thumbnail_width, i.thumbnail_height) order by i.position)
    from product_images i where i.product_id = p.id
  ), '[]'::json) as images
  ${
    withViews
      ? sql`, (select count(*) from product_views v where v.product_id = p.id) as view_count,
        (select count(*) from favorites f where f.product_id = p.id) as favorites_count`
      : sql``
  }`;

/**
 * The seller's reviews are counted and summed per row built (a page's 12, never every match), on
 * the (reviewee, rating) index alone: the card's rating (decision 099) costs no table read.
 */
const productJoins = sql`
  join categories c on c.id = p.category_id
  join users u on u.id = p.seller_id
  cross join lateral (
    select count(*) as seller_review_count, coalesce(sum(r.rating), 0) as seller_rating_sum
    from reviews r where r.reviewee_id = p.seller_id
  ) sr`;

export const toProductDto = (storage: Pick<Storage, 'publicUrl'>, row: ProductRow): Product => {
  const tuples: ImageTuple[] =
    typeof row.images === 'string' ? (JSON.parse(row.images) as ImageTuple[]) : (row.images ?? []);
  const images = tuples.map(([key, width, height, thumbnailKey, thumbnailWidth, thumbnailHeight]) =>
    toImageDto(storage, {
      key,
      width,
      height,
      thumbnailKey,
      thumbnailWidth,
      thumbnailHeight,
      sizeBytes: 0,
    }),
  );
  return {
    id: row.id,
    title: row.title,
    name: row.title,
    description: row.description,
    price: Number(row.price),
    status: row.condition,
    location: row.location,
    categoryId: row.category_id,
    categoryName: row.category_name,
    sellerId: row.seller_id,
    sellerName: row.seller_name,
    imageUrl: images.map((image) => image.url).join(','),
    images,
    isSold: row.is_sold,
    isReserved: row.is_reserved,
    soldAt: row.sold_at ? toIso(row.sold_at) : null,
    ...(row.hidden_at === null ? {} : { isHidden: true as const }),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    sellerRating: {
      average: averageRating(Number(row.seller_rating_sum), Number(row.seller_review_count)),
      count: Number(row.seller_review_count),
    },
    ...(row.view_count === undefined || row.view_count === null
      ? {}
      : { viewCount: Number(row.view_count) }),
    ...(row.favorites_count === undefined || row.favorites_count === null
      ? {}
      : { favoritesCount: Number(row.favorites_count) }),
  };
};

/**
 * When the seller whose id is `sellerId` (an SQL expression) last published a listing that is
 * still available; null when they have none. On the (seller, created) index, one look-up per
 * seller. The chat's list of members to write to puts sellers of current listings first.
 */
export const latestAvailableListingOf = (sellerId: SQL) =>
  sql`(select max(p.created_at) from products p where p.seller_id = ${sellerId} and not p.is_sold and p.hidden_at is null)`;

/** The seller of the listing `p` is not someone the viewer blocked (decision 071). */
const notBlockedBy = (viewerId: number) =>
  sql`not exists (select 1 from blocks b where b.blocker_id = ${viewerId} and b.blocked_id = p.seller_id)`;

/**
 * Whether the product `productId` (an SQL expression) is one the viewer may open as a live
 * listing: not hidden by moderation and not by a seller they blocked (decisions 071 and 081).
 * Other modules' lists of products (favourites) filter on it.
 */
export const isListedFor = (productId: SQL | AnyColumn, viewerId: number) =>
  sql`exists (select 1 from products p where p.id = ${productId} and p.hidden_at is null and ${notBlockedBy(viewerId)})`;

export const findProductRow = async (db: Queryable, id: number, withViews = false) =>
  (
    await queryRows<ProductRow>(
      db,
      sql`select ${productColumns(withViews)} from products p ${productJoins} where p.id = ${id}`,
    )
  )[0];

/** Several products by id (embedded in favourites and purchases), in no particular order. */
export const findProductRows = async (db: Queryable, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : queryRows<ProductRow>(
        db,
        sql`select ${productColumns(false)} from products p ${productJoins}
          where p.id in ${[...new Set(ids)]}`,
      );

/**
 * Locks the product row for the rest of the caller's transaction (SELECT … FOR UPDATE), so
 * offers, accepts, edits, sold marks and deletions of one product run one after another.
 * Undefined when it does not exist.
 */
export const lockProductRow = async (tx: Tx, id: number) => {
  const [product] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return product;
};

type ProductScope = { tx: Tx; afterCommit: AfterCommit };
type ProductBus = { publish: (topic: string, payload: unknown) => Promise<void> };

/**
 * Marks a locked product sold inside the caller's transaction (reserved too when an accepted
 * offer sold it: decision 075); every instance drops its cached lists after commit.
 */
export const setProductSold = async (
  scope: ProductScope,
  bus: ProductBus,
  id: number,
  now: Date,
  options: { reserved?: boolean } = {},
) => {
  await scope.tx
    .update(products)
    .set({ isSold: true, isReserved: options.reserved ?? false, soldAt: now, updatedAt: now })
    .where(eq(products.id, id));
  scope.afterCommit(() => bus.publish(PRODUCTS_CHANGED_TOPIC, {}));
};

/**
 * Ends a locked product's reservation (decision 075): handed over (it stays sold) or called off
 * (available again, the one way back from sold).
 */
export const endProductReservation = async (
  scope: ProductScope,
  bus: ProductBus,
  id: number,
  now: Date,
  outcome: 'completed' | 'cancelled',
) => {
  await scope.tx
    .update(products)
    .set(
      outcome === 'completed'
        ? { isReserved: false }
        : { isSold: false, isReserved: false, soldAt: null, updatedAt: now },
    )
    .where(eq(products.id, id));
  scope.afterCommit(() => bus.publish(PRODUCTS_CHANGED_TOPIC, {}));
};

/**
 * Hides a listing (moderation, decision 071) inside the caller's transaction, once: false when
 * it was hidden already or does not exist. Every instance drops its cached lists after commit.
 */
export const hideListing = async (
  scope: { tx: Tx; afterCommit: AfterCommit },
  bus: { publish: (topic: string, payload: unknown) => Promise<void> },
  id: number,
  now: Date,
) => {
  const hidden = await scope.tx
    .update(products)
    .set({ hiddenAt: now })
    .where(and(eq(products.id, id), isNull(products.hiddenAt)))
    .returning({ id: products.id });
  if (hidden.length === 0) return false;
  scope.afterCommit(() => bus.publish(PRODUCTS_CHANGED_TOPIC, {}));
  return true;
};

/** `lower(um_fold(x))`: the accent- and case-folded form the trigram indexes are built on. */
const folded = (value: SQL) => sql`lower(${sql.raw(FOLD_FUNCTION)}(${value}))`;

/** `%text%` for LIKE, with the caller's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Trigram search needs at least three characters to use its index. */
const MIN_PARTIAL_LENGTH = 3;

/**
 * Fewer whole-word matches than this and the search also looks at partial words and typos in
 * titles (decision 097): one result is "little" when the person misspelt the word.
 */
export const FEW_WHOLE_WORD_MATCHES = 3;

/**
 * How a search text matches. Whole words first: Spanish full-text search, accent-insensitive and
 * stemmed ('camara' finds 'Cámara', 'bicicletas' finds 'bicicleta'), ranked. Only when that finds
 * little, typos corrected against the titles' words and partial words in titles, both through
 * trigram indexes ('calculdora' and 'calcu' find 'Calculadora'): doing all of it for every
 * search would make each common word cost twice.
 */
const fullTextMatch = (search: string) => {
  const query = sql`websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${search})`;
  return { match: sql`p.search @@ ${query}`, rank: sql`ts_rank_cd(p.search, ${query})` };
};

/** On `title_folded`, the stored `folded(title)`: no row's title is folded again per search. */
const partialTitleMatch = (search: string) => ({
  match: sql`p.title_folded like ${folded(sql`${containsPattern(search)}`)}`,
  rank: sql`word_similarity(${folded(sql`${search}`)}, p.title_folded)`,
});

/** The folded words of a text, as the vocabulary holds them (decision 097). */
const foldedWords = (text: SQL) => sql`regexp_split_to_table(${folded(text)}, '[^[:alnum:]]+')`;

/** The vocabulary keeps words of three characters or more: shorter ones are not corrected. */
const MIN_WORD_LENGTH = 3;

/** Adds the words of a title to the vocabulary typos are corrected against (decision 097). */
export const rememberTitleWords = async (db: Queryable, title: string) => {
  await db.execute(sql`
    insert into search_words (word)
    select distinct w from ${foldedWords(sql`${title}`)} w
    where length(w) between ${MIN_WORD_LENGTH} and 40
    on conflict do nothing`);
};

/** A vocabulary word this similar (pg_trgm's `similarity`) to a misspelt word may replace it. */
const MIN_CORRECTION_SIMILARITY = 0.4;
/** Words within this of the closest one are kept too (two words about equally near). */
const CORRECTION_SPREAD = 0.05;

/**
 * Each word of the search with what it may have meant: itself and the vocabulary's closest other
 * words (trigram similarity through the index on search_words; a word that is itself in the
 * vocabulary may still be a misspelling others share). Undefined when no word found another.
 */
const correctWords = async (db: Queryable, search: string) => {
  const rows = await queryRows<{ token: string; word: string | null; score: number | null }>(
    db,
    sql`
    select t.token, w.word, similarity(w.word, t.token) as score
    from (select distinct token from ${foldedWords(sql`${search}`)} token where token <> '') t
    left join lateral (
      select s.word from search_words s
      where length(t.token) >= ${MIN_WORD_LENGTH} and s.word % t.token
      order by similarity(s.word, t.token) desc, s.word
      limit 3
    ) w on true`,
  );
  const byToken = new Map<string, { word: string; score: number }[]>();
  for (const row of rows) {
    const words = byToken.get(row.token) ?? [];
    if (row.word !== null) words.push({ word: row.word, score: Number(row.score) });
    byToken.set(row.token, words);
  }
  let changed = false;
  const corrected = [...byToken].map(([token, words]) => {
    const others = words.filter((word) => word.word !== token);
    const best = Math.max(0, ...others.map((word) => word.score));
    const near = others
      .filter((word) => word.score >= Math.max(MIN_CORRECTION_SIMILARITY, best - CORRECTION_SPREAD))
      .map((word) => word.word);
    if (near.length > 0) changed = true;
    return [token, ...near];
  });
  return changed ? corrected : undefined;
};

/**
 * Whole words first; when they find little (decision 097), also the corrected words (typos:
 * 'calculdora' → 'calculadora', searched as whole words) and partial words in titles ('calcu').
 * The whole-word matches rank first (between 2 and 3), then the corrected ones (1 to 2), then the
 * partial ones by their title's similarity (at most 1).
 */
const typoTolerantMatch = (search: string, corrections: string[][] | undefined) => {
  const whole = fullTextMatch(search);
  const partial = partialTitleMatch(search);
  const scaled = (rank: SQL) => sql`${rank} / (1 + ${rank})`;
  if (!corrections) {
    return {
      match: sql`(${whole.match} or ${partial.match})`,
      rank: sql`case when ${whole.match} then 2 + ${scaled(whole.rank)} else ${partial.rank} end`,
    };
  }
  const query = sql.join(
    corrections.map(
      (words) =>
        sql`(${sql.join(
          words.map((word) => sql`plainto_tsquery(${SEARCH_CONFIG}::regconfig, ${word})`),
          sql` || `,
        )})`,
    ),
    sql` && `,
  );
  const correctedMatch = sql`p.search @@ (${query})`;
  const correctedRank = sql`ts_rank_cd(p.search, ${query})`;
  return {
    match: sql`(${whole.match} or ${correctedMatch} or ${partial.match})`,
    rank: sql`case when ${whole.match} then 2 + ${scaled(whole.rank)}
      when ${correctedMatch} then 1 + ${scaled(correctedRank)} else ${partial.rank} end`,
  };
};

export const effectiveSort = (query: Pick<ProductListQuery, 'sort' | 'search'>): ProductSort => {
  const sort = query.sort ?? (query.search ? 'relevance' : 'newest');
  return sort === 'relevance' && !query.search ? 'newest' : sort;
};

/** The order of a list: every sort ends on the id, so pages never overlap or skip. */
const orderBy = (sort: ProductSort, rank: SQL) => {
  switch (sort) {
    case 'price_asc':
      return sql`p.price asc, p.id desc`;
    case 'price_desc':
      return sql`p.price desc, p.id desc`;
    case 'relevance':
      return sql`${rank} desc, p.created_at desc, p.id desc`;
    case 'newest':
      return sql`p.created_at desc, p.id desc`;
  }
};

type Page = { rows: ProductRow[]; total: number };

/**
 * One page of products matching every filter, with the total. The inner query picks the page's
 * ids (and counts every match with a window); only those rows are then joined and built.
 */
const selectPage = async (
  db: Queryable,
  query: ProductListQuery,
  filters: SQL[],
  search: { match: SQL; rank: SQL } | undefined,
  withViews: boolean,
): Promise<Page> => {
  const conditions = search ? [...filters, search.match] : filters;
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const sort = effectiveSort(query);
  // The rank is only worked out when it orders the list, and once per row: the order names the
  // column (the same expression written twice has other parameters, so it would be computed again).
  const rank = sort === 'relevance' && search ? search.rank : sql`0`;
  const rows = await queryRows<ProductRow & { total: number | string }>(
    db,
    sql`
    with page as (
      select p.id, count(*) over () as total, ${rank} as rank
      from products p
      where ${where}
      order by ${orderBy(sort, sql`rank`)}
      limit ${query.size} offset ${query.page * query.size}
    )
    select page.total, ${productColumns(withViews)}
    from page join products p on p.id = page.id ${productJoins}
    order by ${orderBy(sort, sql`page.rank`)}`,
  );
  if (rows.length > 0 || query.page === 0) {
    return { rows, total: Number(rows[0]?.total ?? 0) };
  }
  // Past the last page: no row carries the total, so count apart.
  const [count] = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from products p where ${where}`,
  );
  return { rows, total: Number(count?.total ?? 0) };
};

export const listProductRows = async (
  db: Queryable,
  query: ProductListQuery,
  options: { withViews?: boolean; hiddenFor?: number | undefined } = {},
): Promise<Page> => {
  // Listings hidden by moderation show only in their seller's own list (decision 071).
  const filters: SQL[] = options.withViews ? [] : [sql`p.hidden_at is null`];
  // The listings of members the viewer blocked are not theirs to see (decision 071).
  if (options.hiddenFor !== undefined) {
    filters.push(notBlockedBy(options.hiddenFor));
  }
  if (query.isSold !== undefined) filters.push(sql`p.is_sold = ${query.isSold}`);
  if (query.sellerId !== undefined) filters.push(sql`p.seller_id = ${query.sellerId}`);
  if (query.categoryId !== undefined) filters.push(sql`p.category_id = ${query.categoryId}`);
  if (query.minPrice !== undefined) filters.push(sql`p.price >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) filters.push(sql`p.price <= ${query.maxPrice}`);
  if (query.status !== undefined) filters.push(sql`p.condition = ${query.status}`);
  if (query.location !== undefined) {
    filters.push(
      sql`${folded(sql`p.location`)} like ${folded(sql`${containsPattern(query.location)}`)}`,
    );
  }
  const withViews = options.withViews ?? false;
  if (query.search === undefined) return selectPage(db, query, filters, undefined, withViews);
  const whole = await selectPage(db, query, filters, fullTextMatch(query.search), withViews);
  if (whole.total >= FEW_WHOLE_WORD_MATCHES || query.search.length < MIN_PARTIAL_LENGTH) {
    return whole;
  }
  const corrections = await correctWords(db, query.search);
  return selectPage(db, query, filters, typoTolerantMatch(query.search, corrections), withViews);
};

/** How many of the most similar sold listings the price guidance looks at (decision 098). */
const PRICE_GUIDANCE_SAMPLE = 50;

/**
 * What similar listings sold for (decision 098): sold (an accepted offer's reserved listing too,
 * its price is agreed), not hidden, in the same category, with a title similar to `title` (pg_trgm's `%` on the folded title,
 * through its trigram index), at most the 50 most similar. The price is the accepted offer's when
 * there was one, else the listing's (marked sold by hand).
 */
export const findSoldPrices = async (
  db: Queryable,
  { categoryId, title }: { categoryId: number; title: string },
) => {
  const text = folded(sql`${title}`);
  const [row] = await queryRows<{
    count: number | string;
    low: number | string | null;
    high: number | string | null;
    median: number | string | null;
  }>(
    db,
    sql`
    with alike as (
      select coalesce(
        (select s.price from sales s where s.product_id = p.id and s.status = 'accepted'),
        p.price
      )::float8 as price
      from products p
      where p.category_id = ${categoryId} and p.is_sold
        and p.hidden_at is null and p.title_folded % ${text}
      order by similarity(p.title_folded, ${text}) desc, p.id desc
      limit ${PRICE_GUIDANCE_SAMPLE}
    )
    select count(*) as count, min(price) as low, max(price) as high,
      percentile_cont(0.5) within group (order by price) as median
    from alike`,
  );
  const number = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    count: Number(row?.count ?? 0),
    low: number(row?.low),
    high: number(row?.high),
    median: number(row?.median),
  };
};
