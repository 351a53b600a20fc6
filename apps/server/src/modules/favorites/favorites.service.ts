import {
  FAVORITE_MESSAGES,
  type Favorite,
  type FavoriteIds,
  type FavoritesQuery,
  type FavoriteState,
} from '@unimercado/shared/schemas/favorites';
import { and, desc, eq, sql } from 'drizzle-orm';
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION } from '../../db/pg-errors';
import type { Database } from '../../db/client';
import { hasRows } from '../../db/rows';
import { favorites, products } from '../../db/schema';
import type { Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertPayloadActor, assertSelf, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { findProductRows, isListedFor, toProductDto } from '../products/products.queries';

type FavoritesDeps = Pick<AppDeps, 'db' | 'storage'>;

const productNotFound = () => new AppError(404, 'NOT_FOUND', FAVORITE_MESSAGES.productNotFound);

/**
 * `POST /api/favorites`: adds the product to the caller's favourites, or removes it when it is
 * there (spec section 4). Not on one's own product. Concurrent toggles never fail: the unique
 * index decides, and a toggle that loses the race to an insert answers "saved".
 */
export const toggleFavorite = async (
  { db }: Pick<FavoritesDeps, 'db'>,
  actor: Actor,
  input: { userId?: number | null | undefined; productId: number },
): Promise<FavoriteState> => {
  assertPayloadActor(actor, input.userId, FAVORITE_MESSAGES.userMismatch);
  const [product] = await db
    .select({ sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!product) throw productNotFound();
  if (product.sellerId === actor.id) {
    throw new AppError(403, 'SELF_ACTION', FAVORITE_MESSAGES.ownProduct);
  }
  const state = (isFavorite: boolean): FavoriteState => ({
    userId: actor.id,
    productId: input.productId,
    isFavorite,
  });
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, actor.id), eq(favorites.productId, input.productId)))
    .returning({ id: favorites.id });
  if (removed.length > 0) return state(false);
  try {
    await db
      .insert(favorites)
      .values({ userId: actor.id, productId: input.productId })
      .onConflictDoNothing();
  } catch (error) {
    // The product was deleted between the check and the insert.
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw productNotFound();
    throw error;
  }
  return state(true);
};

/** `GET /api/favorites/status?productId=`: whether the caller saved it (false for unknown ids). */
export const getFavoriteState = async (
  { db }: Pick<FavoritesDeps, 'db'>,
  actor: Actor,
  productId: number,
): Promise<FavoriteState> => {
  const [row] = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, actor.id), eq(favorites.productId, productId)));
  return { userId: actor.id, productId, isFavorite: Boolean(row) };
};

/** `GET /api/favorites/ids`: every product id the caller saved, newest first. */
export const listFavoriteIds = async (
  { db }: Pick<FavoritesDeps, 'db'>,
  actor: Actor,
): Promise<FavoriteIds> => {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, actor.id))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  return { productIds: rows.map((row) => row.productId) };
};

/**
 * `GET /api/favorites?userId=`: the caller's own favourites (a `userId` naming someone else is a
 * 403), newest first, each with `productId` and the product embedded.
 */
export const listFavorites = async (
  deps: FavoritesDeps,
  actor: Actor,
  query: FavoritesQuery,
): Promise<{ items: Favorite[]; total: number }> => {
  assertSelf(actor, query.userId ?? actor.id, FAVORITE_MESSAGES.userMismatch);
  // A listing hidden by moderation, or by a seller the member blocked, is not shown as if it were
  // still there (decision 081); the favourite itself stays for when that changes.
  const where = and(eq(favorites.userId, actor.id), isListedFor(favorites.productId, actor.id));
  const [rows, [count]] = await Promise.all([
    deps.db
      .select()
      .from(favorites)
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.id))
      .limit(query.size)
      .offset(query.page * query.size),
    deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(favorites)
      .where(where),
  ]);
  const productRows = await findProductRows(
    deps.db,
    rows.map((row) => row.productId),
  );
  const byId = new Map(productRows.map((row) => [row.id, toProductDto(deps.storage, row)]));
  const items = rows.flatMap((row) => {
    const product = byId.get(row.productId);
    return product
      ? [
          {
            id: row.id,
            userId: row.userId,
            productId: row.productId,
            createdAt: row.createdAt.toISOString(),
            product,
          },
        ]
      : [];
  });
  return { items, total: Number(count?.total ?? 0) };
};

/** A deleted account's saved products go with it. */
/** Whether the member has favourited anything (decision 037). */
export const hasUserData = (db: Database | Tx, userId: number) =>
  hasRows(db, favorites, eq(favorites.userId, userId));

export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(favorites).where(eq(favorites.userId, userId));
};
