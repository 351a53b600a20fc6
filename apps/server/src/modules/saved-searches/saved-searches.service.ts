import { SAVED_SEARCHES_MAX } from '@unimercado/shared/constants';
import {
  SAVED_SEARCH_MESSAGES,
  type CreateSavedSearchInput,
  type SavedSearch,
} from '@unimercado/shared/schemas/saved-searches';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';

type SqlValue = SQL | AnyColumn;
import { queryRows } from '../../db/rows';
import { savedSearches } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertOwner, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** pg_advisory_xact_lock(class, member): one member's saves one after another (the limit). */
const SAVE_LOCK_CLASS = 740_210_088;

type SavedSearchRow = typeof savedSearches.$inferSelect;

/**
 * A hit counts as new while its listing can still be bought and seen by the member: available,
 * not hidden by moderation, and not of someone they blocked (decision 071).
 */
export const isHitVisible = (hit: SqlValue, userId: SqlValue) => sql`exists (
  select 1 from products p
  where p.id = ${hit} and p.hidden_at is null and not p.is_sold
    and not exists (select 1 from blocks b where b.blocker_id = ${userId} and b.blocked_id = p.seller_id))`;

const newCountOf = (search: SqlValue, userId: SqlValue, lastSeenAt: SqlValue) => sql`(
  select count(*)::int from saved_search_hits h
  where h.saved_search_id = ${search} and h.created_at > ${lastSeenAt}
    and ${isHitVisible(sql`h.product_id`, userId)})`;

export const toSavedSearchDto = (row: SavedSearchRow, newCount: number): SavedSearch => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  search: row.search,
  categoryId: row.categoryId,
  minPrice: row.minPrice === null ? null : Number(row.minPrice),
  maxPrice: row.maxPrice === null ? null : Number(row.maxPrice),
  status: row.condition,
  location: row.location,
  sort: row.sort,
  isPaused: row.isPaused,
  emailDigest: row.emailDigest,
  newCount,
  lastSeenAt: row.lastSeenAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * The same search saved twice is one: what it matches, not how it is sorted or named. Text is
 * compared without case and extra spaces (the search itself ignores both).
 */
const criteriaKeyOf = (input: CreateSavedSearchInput) =>
  JSON.stringify([
    input.search?.toLowerCase().replace(/\s+/g, ' ') ?? null,
    input.categoryId ?? null,
    input.minPrice ?? null,
    input.maxPrice ?? null,
    input.status ?? null,
    input.location?.toLowerCase().replace(/\s+/g, ' ') ?? null,
  ]);

const notFound = () => new AppError(404, 'NOT_FOUND', SAVED_SEARCH_MESSAGES.notFound);

/** Any signed-in member saves their current search, up to SAVED_SEARCHES_MAX, each once. */
export const createSavedSearch = async (
  deps: Deps,
  actor: Actor,
  input: CreateSavedSearchInput,
): Promise<SavedSearch> => {
  const now = deps.now();
  const row = await inTransaction(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SAVE_LOCK_CLASS}, ${actor.id})`);
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from saved_searches where user_id = ${actor.id}`,
    );
    if ((count?.n ?? 0) >= SAVED_SEARCHES_MAX) {
      throw new AppError(409, 'SAVED_SEARCH_LIMIT', SAVED_SEARCH_MESSAGES.limit);
    }
    const [created] = await tx
      .insert(savedSearches)
      .values({
        userId: actor.id,
        name: input.name ?? input.search ?? SAVED_SEARCH_MESSAGES.everything,
        search: input.search ?? null,
        categoryId: input.categoryId ?? null,
        minPrice: input.minPrice ?? null,
        maxPrice: input.maxPrice ?? null,
        condition: input.status ?? null,
        location: input.location ?? null,
        sort: input.sort ?? null,
        criteriaKey: criteriaKeyOf(input),
        lastSeenAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError(409, 'CONFLICT', SAVED_SEARCH_MESSAGES.duplicate);
    return created;
  });
  return toSavedSearchDto(row, 0);
};

/** The caller's saved searches, newest first, each with its count of new matches. */
export const listSavedSearches = async (deps: Pick<Deps, 'db'>, actor: Actor) => {
  const rows = await deps.db
    .select({
      search: savedSearches,
      newCount: newCountOf(
        savedSearches.id,
        savedSearches.userId,
        savedSearches.lastSeenAt,
      ).mapWith(Number),
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, actor.id))
    .orderBy(sql`${savedSearches.createdAt} desc, ${savedSearches.id} desc`);
  return rows.map((row) => toSavedSearchDto(row.search, row.newCount));
};

/** The row, locked for the rest of the transaction: 404 when missing, 403 when another's. */
const lockOwnSearch = async (tx: Tx, actor: Actor, id: number) => {
  const [row] = await tx.select().from(savedSearches).where(eq(savedSearches.id, id)).for('update');
  if (!row) throw notFound();
  assertOwner(actor, row.userId, SAVED_SEARCH_MESSAGES.notOwner);
  return row;
};

const readCount = async (tx: Tx, row: SavedSearchRow) => {
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select ${newCountOf(sql`${row.id}`, sql`${row.userId}`, sql`${row.lastSeenAt}`)} as n`,
  );
  return count?.n ?? 0;
};

/** Rename, pause or resume, email digest on or off: the owner only (admins included). */
export const updateSavedSearch = async (
  deps: Deps,
  actor: Actor,
  id: number,
  input: { name?: string | undefined; isPaused?: boolean | undefined; emailDigest?: boolean },
): Promise<SavedSearch> =>
  inTransaction(deps.db, async (tx) => {
    await lockOwnSearch(tx, actor, id);
    const [updated] = await tx
      .update(savedSearches)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.isPaused === undefined ? {} : { isPaused: input.isPaused }),
        ...(input.emailDigest === undefined ? {} : { emailDigest: input.emailDigest }),
        updatedAt: deps.now(),
      })
      .where(eq(savedSearches.id, id))
      .returning();
    if (!updated) throw notFound();
    return toSavedSearchDto(updated, await readCount(tx, updated));
  });

/** Opening a search: what matched until now is no longer new. */
export const markSavedSearchSeen = async (
  deps: Deps,
  actor: Actor,
  id: number,
): Promise<SavedSearch> =>
  inTransaction(deps.db, async (tx) => {
    await lockOwnSearch(tx, actor, id);
    const [updated] = await tx
      .update(savedSearches)
      .set({ lastSeenAt: deps.now() })
      .where(eq(savedSearches.id, id))
      .returning();
    if (!updated) throw notFound();
    return toSavedSearchDto(updated, 0);
  });

export const deleteSavedSearch = async (deps: Deps, actor: Actor, id: number) => {
  await inTransaction(deps.db, async (tx) => {
    await lockOwnSearch(tx, actor, id);
    await tx
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)));
  });
};

/** A deleted account's saved searches go with it (architecture.md, data safety). */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
};
