import { createHmac } from 'node:crypto';
import type { PaginationQuery } from '@unimercado/shared/schemas/common';
import {
  PRICE_GUIDANCE_MIN_SALES,
  PRODUCT_MESSAGES,
  type CreateProductInput,
  type CourseCatalog,
  type PriceGuidance,
  type PriceGuidanceQuery,
  type Product,
  type ProductListQuery,
  type SellerStats,
  type UpdateProductInput,
} from '@unimercado/shared/schemas/products';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasRows, queryRows } from '../../db/rows';
import { productImages, products } from '../../db/schema';
import { FOLD_FUNCTION } from '../../db/schema/columns';
import { inTransaction, type AfterCommit, type Tx, type TxScope } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import {
  assertOwner,
  assertPayloadActor,
  assertVerified,
  isAdmin,
  type Actor,
} from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { findCategory } from '../categories/categories.service';
import { findProductMeetupSpots, setProductMeetupSpots } from '../meetups/meetup-spots.service';
import { toShareJpeg } from './images';
import {
  containsPattern,
  expiryFrom,
  findProductRow,
  findSoldPrices,
  listProductRows,
  lockProductRow,
  PRODUCTS_CHANGED_TOPIC,
  relisted,
  rememberTitleWords,
  setProductSold,
  toProductDto,
} from './products.queries';
import type { PrecompressedBody } from '../../plugins/compression';
import type { Cache } from '../../lib/cache';
import { queueListingForAlerts } from '../saved-searches/saved-search-alerts';
import { claimUploads, imageFileKeys, removeUserUploads, type StoredImage } from './uploads';

export { PRODUCTS_CHANGED_TOPIC };

/** A public list page as sent: its JSON (compressed once per encoding) and its total. */
export type CachedPage = { body: PrecompressedBody; total: number };

/** Public answers kept in memory (lib/cache.ts); cleared on every product change. */
export type ProductCaches = {
  lists: Cache<CachedPage>;
  locations: Cache<string[]>;
  /** Link-preview JPEGs by cover key (keys are never reused, so they never go stale). */
  shareImages: Cache<Buffer>;
  clear: () => void;
};

/**
 * What removing or selling a listing asks of its offers. The offers are the sales module's, which
 * itself reads products, so they come in through the deps (app.ts hands the sales module's
 * functions to the products routes) and the two modules do not import each other in a circle.
 */
export type ProductOffers = {
  /** Whether an accepted offer sold the product (it can then never be deleted). */
  hasAcceptedSale: (tx: Tx, productId: number) => Promise<boolean>;
  /** What the seller received for their sold products (accepted prices where offers sold them). */
  totalEarnedBy: (db: Database, sellerId: number) => Promise<number>;
  /** Rejects the product's pending offers, each buyer told why. */
  rejectPendingOffers: (
    scope: TxScope,
    product: { id: number; title: string; sellerId: number },
    reason: 'markedSold' | 'deleted',
  ) => Promise<void>;
};

export type ProductsDeps = Pick<
  AppDeps,
  'db' | 'storage' | 'now' | 'bus' | 'config' | 'notifier'
> & {
  caches: ProductCaches;
  offers: ProductOffers;
};

const notFound = () => new AppError(404, 'NOT_FOUND', PRODUCT_MESSAGES.notFound);

/** After commit: this instance forgets at once, the others when the bus tells them. */
const announceChange = (deps: Pick<ProductsDeps, 'bus' | 'caches'>, afterCommit: AfterCommit) => {
  afterCommit(() => {
    deps.caches.clear();
    return deps.bus.publish(PRODUCTS_CHANGED_TOPIC, {});
  });
};

const assertCategory = async (deps: Pick<ProductsDeps, 'db'>, categoryId: number) => {
  if (!(await findCategory(deps.db, categoryId))) {
    throw new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.categoryUnknown, {
      details: { in: 'body', path: '/categoryId' },
    });
  }
};

/** The contract's image URLs → our storage keys; anything that is not one of ours is a 400. */
const keysFromUrls = (deps: Pick<ProductsDeps, 'storage'>, urls: readonly string[]) =>
  urls.map((url) => {
    const key = deps.storage.keyFromUrl(url);
    if (!key) throw new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.imageNotUploaded);
    return key;
  });

const insertImages = async (tx: Tx, productId: number, images: readonly StoredImage[]) => {
  if (images.length === 0) return;
  await tx.insert(productImages).values(
    images.map((image, position) => ({
      productId,
      position,
      key: image.key,
      width: image.width,
      height: image.height,
      thumbnailKey: image.thumbnailKey,
      thumbnailWidth: image.thumbnailWidth,
      thumbnailHeight: image.thumbnailHeight,
      sizeBytes: image.sizeBytes,
    })),
  );
};

/**
 * The listing's course codes checked against the university's format and list (decision 095);
 * the shared schema already normalised them. A 400 naming the first wrong code.
 */
export const assertCourseCodes = (
  config: Pick<AppDeps['config'], 'courses'>,
  codes: readonly string[],
) => {
  const pattern = new RegExp(config.courses.pattern, 'u');
  for (const code of codes) {
    const message = !pattern.test(code)
      ? PRODUCT_MESSAGES.courseFormat(code)
      : config.courses.known.length > 0 && !config.courses.known.includes(code)
        ? PRODUCT_MESSAGES.courseUnknown(code)
        : undefined;
    if (message) {
      throw new AppError(400, 'VALIDATION_ERROR', message, {
        details: { in: 'body', path: '/courseCodes' },
      });
    }
  }
};

/** The product as its viewer sees it: the seller also gets the view and favourite counts. */
const readProduct = async (
  deps: Pick<ProductsDeps, 'db' | 'storage'>,
  viewer: Actor | null,
  id: number,
): Promise<Product> => {
  const row = await findProductRow(deps.db, id, viewer !== null);
  if (!row) throw notFound();
  // A hidden (decision 071) or expired (decision 094) listing is not listed: its seller's and
  // the admins' to see; to anyone else it does not exist.
  if (
    (row.hidden_at !== null || row.expired_at !== null) &&
    viewer?.id !== row.seller_id &&
    !(viewer && isAdmin(viewer))
  ) {
    throw notFound();
  }
  const product = toProductDto(deps.storage, row);
  if (viewer?.id !== product.sellerId) {
    delete product.viewCount;
    delete product.favoritesCount;
  }
  product.meetupSpots = await findProductMeetupSpots(deps.db, id);
  return product;
};

export const getProduct = readProduct;

/**
 * Publishes a listing (spec sections 5 and 7). Only verified accounts publish; the seller is the
 * caller (a payload sellerId naming someone else is a 403); the photos must be the caller's own
 * pending uploads, claimed in the same transaction.
 */
export const createProduct = async (
  deps: ProductsDeps,
  actor: Actor,
  input: CreateProductInput,
): Promise<Product> => {
  assertVerified(actor);
  assertPayloadActor(actor, input.sellerId, PRODUCT_MESSAGES.sellerMismatch);
  await assertCategory(deps, input.categoryId);
  assertCourseCodes(deps.config, input.courseCodes ?? []);
  const keys = keysFromUrls(deps, input.imageUrl ?? []);
  const now = deps.now();
  const id = await inTransaction(deps.db, async (tx, afterCommit) => {
    const [created] = await tx
      .insert(products)
      .values({
        sellerId: actor.id,
        categoryId: input.categoryId,
        title: input.title,
        description: input.description,
        price: input.price,
        condition: input.status,
        location: input.location,
        courseCodes: input.courseCodes ?? [],
        expiresAt: expiryFrom(now, deps.config.listings.ttlDays),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id });
    if (!created) throw new Error('insert returned no row');
    await rememberTitleWords(tx, input.title);
    await insertImages(tx, created.id, await claimUploads(tx, actor.id, keys));
    if (input.meetupSpotIds) await setProductMeetupSpots(tx, created.id, input.meetupSpotIds);
    // Saved-search alerts are worked out after the commit, off this request (decision 088).
    await queueListingForAlerts({ tx, afterCommit }, deps, created.id);
    announceChange(deps, afterCommit);
    return created.id;
  });
  return readProduct(deps, actor, id);
};

/** Locks the product row for the rest of the transaction; 404 when it does not exist. */
const lockProduct = async (tx: Tx, id: number) => {
  const product = await lockProductRow(tx, id);
  if (!product) throw notFound();
  return product;
};

/**
 * Owner only (admins included: nobody edits someone else's listing). A sold product is final.
 * `imageUrl`, when given, is the new complete list: kept photos stay, new ones must be the
 * owner's pending uploads, and the files of the dropped ones are deleted after commit.
 */
export const updateProduct = async (
  deps: ProductsDeps,
  actor: Actor,
  id: number,
  input: UpdateProductInput,
): Promise<Product> => {
  if (input.id !== undefined && input.id !== id) {
    throw new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.idMismatch);
  }
  assertPayloadActor(actor, input.sellerId, PRODUCT_MESSAGES.sellerMismatch);
  if (input.courseCodes !== undefined) assertCourseCodes(deps.config, input.courseCodes);
  const now = deps.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const product = await lockProduct(tx, id);
    assertOwner(actor, product.sellerId, PRODUCT_MESSAGES.notOwner);
    if (product.isSold) throw new AppError(409, 'PRODUCT_SOLD', PRODUCT_MESSAGES.soldNotEditable);
    if (input.categoryId !== undefined && input.categoryId !== product.categoryId) {
      await assertCategory(deps, input.categoryId);
    }
    await tx
      .update(products)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.price === undefined ? {} : { price: input.price }),
        ...(input.status === undefined ? {} : { condition: input.status }),
        ...(input.location === undefined ? {} : { location: input.location }),
        ...(input.categoryId === undefined ? {} : { categoryId: input.categoryId }),
        ...(input.courseCodes === undefined ? {} : { courseCodes: input.courseCodes }),
        updatedAt: now,
      })
      .where(eq(products.id, id));
    if (input.title !== undefined) await rememberTitleWords(tx, input.title);
    if (input.imageUrl !== undefined) {
      const wanted = keysFromUrls(deps, input.imageUrl);
      const current = await tx
        .select()
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(asc(productImages.position));
      const added = await claimUploads(
        tx,
        actor.id,
        wanted.filter((key) => !current.some((image) => image.key === key)),
      );
      const next = wanted.map(
        (key) =>
          current.find((image) => image.key === key) ?? added.find((image) => image.key === key)!,
      );
      const dropped = current.filter((image) => !wanted.includes(image.key));
      await tx.delete(productImages).where(eq(productImages.productId, id));
      await insertImages(tx, id, next);
      const droppedKeys = imageFileKeys(dropped);
      if (droppedKeys.length > 0) afterCommit(() => deps.storage.deleteMany(droppedKeys));
    }
    if (input.meetupSpotIds) await setProductMeetupSpots(tx, id, input.meetupSpotIds);
    announceChange(deps, afterCommit);
  });
  return readProduct(deps, actor, id);
};

/**
 * Owner only. Refused with 409 when an accepted sale exists (the buyer's purchase must stay);
 * otherwise its pending offers (each buyer told), favourites, views and photos go with it
 * (architecture.md, data safety), the files after commit.
 */
export const deleteProduct = async (deps: ProductsDeps, actor: Actor, id: number) => {
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const product = await lockProduct(tx, id);
    assertOwner(actor, product.sellerId, PRODUCT_MESSAGES.notOwner);
    if (await deps.offers.hasAcceptedSale(tx, id)) {
      throw new AppError(409, 'HAS_ACCEPTED_SALE', PRODUCT_MESSAGES.hasAcceptedSale);
    }
    // Its buyers hear of it (the offers themselves go with the product).
    await deps.offers.rejectPendingOffers({ tx, afterCommit }, product, 'deleted');
    const images = await tx
      .select({ key: productImages.key, thumbnailKey: productImages.thumbnailKey })
      .from(productImages)
      .where(eq(productImages.productId, id));
    await tx.delete(products).where(eq(products.id, id));
    const keys = imageFileKeys(images);
    if (keys.length > 0) afterCommit(() => deps.storage.deleteMany(keys));
    announceChange(deps, afterCommit);
  });
};

/**
 * Owner only; one way (spec section 4): marking a sold product again changes nothing. Its pending
 * offers are rejected and their buyers told (a sold product takes no offers).
 */
export const markSold = async (deps: ProductsDeps, actor: Actor, id: number): Promise<Product> => {
  const now = deps.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const product = await lockProduct(tx, id);
    assertOwner(actor, product.sellerId, PRODUCT_MESSAGES.notOwner);
    if (product.isSold) return;
    await setProductSold({ tx, afterCommit }, deps.bus, id, now);
    await deps.offers.rejectPendingOffers({ tx, afterCommit }, product, 'markedSold');
    announceChange(deps, afterCommit);
  });
  return readProduct(deps, actor, id);
};

/**
 * 'Renovar' (decision 094): the owner lists an unsold listing again for a whole period from now,
 * expired or not (a reminder's answer); it shows in lists and search again at once. Owner only,
 * admins included; sold and reserved listings never expire, so they are not renewed (409).
 */
export const renewProduct = async (
  deps: ProductsDeps,
  actor: Actor,
  id: number,
): Promise<Product> => {
  const now = deps.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const product = await lockProduct(tx, id);
    assertOwner(actor, product.sellerId, PRODUCT_MESSAGES.notOwner);
    if (product.isSold) {
      throw new AppError(409, 'PRODUCT_SOLD', PRODUCT_MESSAGES.soldNotRenewable);
    }
    await tx
      .update(products)
      .set(relisted(now, deps.config.listings.ttlDays))
      .where(eq(products.id, id));
    announceChange(deps, afterCommit);
  });
  return readProduct(deps, actor, id);
};

export type ProductPage = { items: Product[]; total: number };

/**
 * A page of products; the seller listing their own products also sees the view counts. Without
 * `isSold`, a seller's list has both sold and available products, and any other list (the
 * spec's 'Buscar Productos Disponibles') only available ones (decision 039).
 */
export const listProducts = async (
  deps: Pick<ProductsDeps, 'db' | 'storage'>,
  viewer: Actor | null,
  query: ProductListQuery,
): Promise<ProductPage> => {
  const withViews = viewer !== null && query.sellerId === viewer.id;
  const isSold = query.isSold ?? (query.sellerId === undefined ? false : undefined);
  const { rows, total } = await listProductRows(
    deps.db,
    { ...query, isSold },
    { withViews, hiddenFor: viewer?.id },
  );
  return { items: rows.map((row) => toProductDto(deps.storage, row)), total };
};

/** Whether an answer depends on who asks (and so must not be shared through the cache). */
export const isViewerSpecific = (viewer: Actor | null, query: Pick<ProductListQuery, 'sellerId'>) =>
  viewer !== null && query.sellerId === viewer.id;

export const listAvailable = (
  deps: Pick<ProductsDeps, 'db' | 'storage'>,
  query: PaginationQuery & Pick<ProductListQuery, 'sort'>,
  viewer: Actor | null = null,
) => listProducts(deps, viewer, { ...query, isSold: false });

/**
 * The publish form's price hint (decision 098): median and range of what similar listings sold
 * for, only from PRICE_GUIDANCE_MIN_SALES of them on (never a figure made from one or two).
 * The route asks for a signed-in member; the answer is the same for every member.
 */
export const getPriceGuidance = async (
  deps: Pick<ProductsDeps, 'db'>,
  query: PriceGuidanceQuery,
): Promise<PriceGuidance> => {
  const sold = await findSoldPrices(deps.db, query);
  return sold.count >= PRICE_GUIDANCE_MIN_SALES
    ? sold
    : { count: sold.count, low: null, high: null, median: null };
};

/** The seller's dashboard cards (spec section 2, My products; section 9, total earned). */
export const getSellerStats = async (
  deps: Pick<ProductsDeps, 'db' | 'offers'>,
  actor: Actor,
): Promise<SellerStats> => {
  const earned = deps.offers.totalEarnedBy(deps.db, actor.id);
  const [row] = await queryRows<{
    total: number | string;
    active: number | string;
    sold: number | string;
    expired: number | string;
    total_views: number | string;
  }>(
    deps.db,
    sql`
    select count(*) as total,
      count(*) filter (where not p.is_sold and p.hidden_at is null and p.expired_at is null) as active,
      count(*) filter (where p.is_sold) as sold,
      count(*) filter (where not p.is_sold and p.expired_at is not null) as expired,
      (select count(*) from product_views v join products vp on vp.id = v.product_id
        where vp.seller_id = ${actor.id}) as total_views
    from products p where p.seller_id = ${actor.id}`,
  );
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    sold: Number(row?.sold ?? 0),
    expired: Number(row?.expired ?? 0),
    totalEarned: await earned,
    totalViews: Number(row?.total_views ?? 0),
  };
};

/** Who viewed, for counting once per day: the account, or a keyed hash of address and browser. */
export const viewerKey = (
  secret: string,
  viewer: Actor | null,
  client: { ip: string; userAgent: string },
  day: string,
) => {
  if (viewer) return `u:${viewer.id}`;
  // Keyed and day-bound: the stored value cannot be turned back into an address or followed
  // from one day to the next.
  const hash = createHmac('sha256', secret)
    .update(`product-view\n${day}\n${client.ip}\n${client.userAgent}`)
    .digest('hex');
  return `a:${hash.slice(0, 32)}`;
};

/**
 * Counts a visit to a product's page: once per viewer per (UTC) day; the seller's own visits do
 * not count. 404 for an unknown product.
 */
export const recordView = async (
  deps: Pick<ProductsDeps, 'db' | 'now' | 'config'>,
  viewer: Actor | null,
  id: number,
  client: { ip: string; userAgent: string },
) => {
  const [product] = await deps.db
    .select({ sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, id));
  if (!product) throw notFound();
  if (viewer?.id === product.sellerId) return { counted: false };
  const day = deps.now().toISOString().slice(0, 10);
  const viewerId = viewerKey(deps.config.jwtSecret, viewer, client, day);
  const rows = await queryRows<{ product_id: number }>(
    deps.db,
    sql`insert into product_views (product_id, day, viewer) values (${id}, ${day}, ${viewerId})
      on conflict do nothing returning product_id`,
  );
  return { counted: rows.length > 0 };
};

/** Codes suggested without a university list: the most used on listed products. */
const COURSE_SUGGESTIONS = 50;

/**
 * What the course chip input offers (decision 095): the university's format, and its list of
 * known codes, or else the codes already used on listed products, most used first.
 */
export const getCourseCatalog = async (
  deps: Pick<ProductsDeps, 'db' | 'config'>,
): Promise<CourseCatalog> => {
  const { pattern, known } = deps.config.courses;
  if (known.length > 0) return { pattern, isClosedList: true, codes: known };
  const rows = await queryRows<{ code: string }>(
    deps.db,
    sql`
    select code from products p, unnest(p.course_codes) as code
    where not p.is_sold and p.hidden_at is null and p.expired_at is null
    group by code order by count(*) desc, code asc
    limit ${COURSE_SUGGESTIONS}`,
  );
  return { pattern, isClosedList: false, codes: rows.map((row) => row.code) };
};

const LOCATION_SUGGESTIONS = 8;

/**
 * Campus places already used in listings, most used first, matching what the seller typed
 * (accent- and case-insensitive). Spellings that differ only in accents or case count as one.
 */
export const suggestLocations = async (
  deps: Pick<ProductsDeps, 'db'>,
  text: string | undefined,
): Promise<string[]> => {
  const fold = sql.raw(FOLD_FUNCTION);
  const filter = text
    ? sql`where lower(${fold}(p.location)) like lower(${fold}(${containsPattern(text)}))`
    : sql``;
  const rows = await queryRows<{ location: string }>(
    deps.db,
    sql`
    select min(p.location) as location
    from products p ${filter}
    group by lower(${fold}(p.location))
    order by count(*) desc, min(p.location) asc
    limit ${LOCATION_SUGGESTIONS}`,
  );
  return rows.map((row) => row.location);
};

/** Whether the member has published anything (sold or not): decision 037. */
export const hasUserData = (db: Database | Tx, userId: number) =>
  hasRows(db, products, eq(products.sellerId, userId));

/**
 * A deleted seller's unsold listings go (their images, pending offers and favourites with them,
 * by the foreign keys), and so do their unpublished uploads; sold ones stay so buyers keep their
 * purchases (architecture.md, data safety). Returns the storage keys of the removed photos: the
 * caller deletes the files after commit.
 */
export const removeUserData = async (tx: Tx, userId: number): Promise<{ imageKeys: string[] }> => {
  const unsold = and(eq(products.sellerId, userId), eq(products.isSold, false));
  const images = await tx
    .select({ key: productImages.key, thumbnailKey: productImages.thumbnailKey })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(unsold);
  await tx.delete(products).where(unsold);
  const uploadKeys = await removeUserUploads(tx, userId);
  return { imageKeys: [...imageFileKeys(images), ...uploadKeys] };
};

/**
 * The cover photo as a JPEG for link previews (product-head.ts); 404 without photos. Converted
 * once per cover and kept in memory: crawlers ask for it again and again.
 */
export const getShareImage = async (
  deps: Pick<ProductsDeps, 'db' | 'storage' | 'caches'>,
  id: number,
) => {
  const [cover] = await deps.db
    .select({ key: productImages.key })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position))
    .limit(1);
  if (!cover) throw notFound();
  return deps.caches.shareImages.load(cover.key, async () => {
    const data = await deps.storage.get(cover.key);
    if (!data) throw notFound();
    return toShareJpeg(data);
  });
};
