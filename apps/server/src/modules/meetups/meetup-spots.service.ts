import {
  MEETUP_MESSAGES,
  type MeetupSpot,
  type MeetupSpotInput,
} from '@unimercado/shared/schemas/meetups';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  PG_FOREIGN_KEY_VIOLATION,
  PG_RESTRICT_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../db/pg-errors';
import { meetupSpots, productMeetupSpots } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertAdmin, isAdmin, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';

/**
 * Campus meet-up spots (decision 082): admins keep the list; sellers mark the ones that suit them
 * on a listing; proposals (the sales module's) name one. A spot something names is deactivated
 * instead of deleted, so old listings and proposals keep their place.
 */

type SpotRow = typeof meetupSpots.$inferSelect;
type Db = Database | Tx;

export const toMeetupSpotDto = (row: SpotRow): MeetupSpot => ({
  id: row.id,
  name: row.name,
  area: row.area,
  openingHours: row.openingHours,
  description: row.description,
  latitude: row.latitude,
  longitude: row.longitude,
  isActive: row.isActive,
});

const notFound = () => new AppError(404, 'NOT_FOUND', MEETUP_MESSAGES.spotNotFound);
const nameTaken = () => new AppError(409, 'CONFLICT', MEETUP_MESSAGES.nameTaken);
const unavailable = () => new AppError(400, 'VALIDATION_ERROR', MEETUP_MESSAGES.spotUnavailable);

/** `GET /api/meetup-spots`: active spots by name; an admin may include the inactive ones. */
export const listMeetupSpots = async (
  { db }: Pick<AppDeps, 'db'>,
  viewer: Actor | null,
  query: { page: number; size: number; includeInactive?: boolean | undefined },
): Promise<{ items: MeetupSpot[]; total: number }> => {
  const withInactive = query.includeInactive === true && viewer !== null && isAdmin(viewer);
  const where = withInactive ? undefined : eq(meetupSpots.isActive, true);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(meetupSpots)
      .where(where)
      .orderBy(asc(sql`lower(${meetupSpots.name})`), asc(meetupSpots.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ value: count() }).from(meetupSpots).where(where),
  ]);
  return { items: rows.map(toMeetupSpotDto), total: counted?.value ?? 0 };
};

const writeSpot = async <T>(work: () => Promise<T>) => {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw nameTaken();
    throw error;
  }
};

const values = (input: MeetupSpotInput, now: Date) => ({
  name: input.name,
  area: input.area,
  openingHours: input.openingHours,
  description: input.description,
  latitude: input.latitude,
  longitude: input.longitude,
  isActive: input.isActive,
  updatedAt: now,
});

/** `POST /api/meetup-spots` (admins). */
export const createMeetupSpot = async (
  deps: Pick<AppDeps, 'db' | 'now'>,
  actor: Actor,
  input: MeetupSpotInput,
): Promise<MeetupSpot> => {
  assertAdmin(actor);
  const now = deps.now();
  const [row] = await writeSpot(() =>
    deps.db
      .insert(meetupSpots)
      .values({ ...values(input, now), createdAt: now })
      .returning(),
  );
  if (!row) throw new Error('insert returned no row');
  return toMeetupSpotDto(row);
};

/** `PUT /api/meetup-spots/{id}` (admins): the whole spot, `isActive` included. */
export const updateMeetupSpot = async (
  deps: Pick<AppDeps, 'db' | 'now'>,
  actor: Actor,
  id: number,
  input: MeetupSpotInput,
): Promise<MeetupSpot> => {
  assertAdmin(actor);
  const [row] = await writeSpot(() =>
    deps.db
      .update(meetupSpots)
      .set(values(input, deps.now()))
      .where(eq(meetupSpots.id, id))
      .returning(),
  );
  if (!row) throw notFound();
  return toMeetupSpotDto(row);
};

/**
 * `DELETE /api/meetup-spots/{id}` (admins): gone when nothing names it; a spot a listing or a
 * proposal names (the foreign keys refuse the deletion) is deactivated instead.
 */
export const deleteMeetupSpot = async (
  deps: Pick<AppDeps, 'db' | 'now'>,
  actor: Actor,
  id: number,
): Promise<{ deleted: boolean; spot: MeetupSpot | null }> => {
  assertAdmin(actor);
  return inTransaction(deps.db, async (tx) => {
    try {
      // A savepoint: a refused deletion leaves the transaction usable for the deactivation.
      const deleted = await inTransaction(tx, (savepoint) =>
        savepoint
          .delete(meetupSpots)
          .where(eq(meetupSpots.id, id))
          .returning({ id: meetupSpots.id }),
      );
      if (deleted.length === 0) throw notFound();
      return { deleted: true, spot: null };
    } catch (error) {
      // ON DELETE RESTRICT answers 23001, NO ACTION 23503: either way something names it.
      const code = pgErrorCode(error);
      if (code !== PG_RESTRICT_VIOLATION && code !== PG_FOREIGN_KEY_VIOLATION) throw error;
    }
    const [row] = await tx
      .update(meetupSpots)
      .set({ isActive: false, updatedAt: deps.now() })
      .where(eq(meetupSpots.id, id))
      .returning();
    if (!row) throw notFound();
    return { deleted: false, spot: toMeetupSpotDto(row) };
  });
};

/** A spot a proposal may name: it exists and is active (400 otherwise: it came in a body). */
export const findActiveSpot = async (db: Db, id: number): Promise<MeetupSpot> => {
  const [row] = await db
    .select()
    .from(meetupSpots)
    .where(and(eq(meetupSpots.id, id), eq(meetupSpots.isActive, true)));
  if (!row) throw unavailable();
  return toMeetupSpotDto(row);
};

/** Spots by id, whatever their state (a proposal keeps showing the spot it named). */
export const findSpotsByIds = async (db: Db, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, MeetupSpot>();
  const rows = await db
    .select()
    .from(meetupSpots)
    .where(inArray(meetupSpots.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, toMeetupSpotDto(row)]));
};

/**
 * The seller's choice on publish or edit (the product body's `meetupSpotIds`): the complete new
 * list; every spot must be active, unless the listing already had it (an edit keeps it).
 */
export const setProductMeetupSpots = async (
  tx: Tx,
  productId: number,
  spotIds: readonly number[],
) => {
  const current = await tx
    .select({ spotId: productMeetupSpots.spotId })
    .from(productMeetupSpots)
    .where(eq(productMeetupSpots.productId, productId));
  const kept = new Set(current.map((row) => row.spotId));
  const added = spotIds.filter((id) => !kept.has(id));
  if (added.length > 0) {
    const active = await tx
      .select({ id: meetupSpots.id })
      .from(meetupSpots)
      .where(and(inArray(meetupSpots.id, added), eq(meetupSpots.isActive, true)));
    if (active.length !== added.length) throw unavailable();
  }
  await tx.delete(productMeetupSpots).where(eq(productMeetupSpots.productId, productId));
  if (spotIds.length > 0) {
    await tx.insert(productMeetupSpots).values(spotIds.map((spotId) => ({ productId, spotId })));
  }
};

/** The active spots a listing's seller marked, by name (the product page shows them). */
export const findProductMeetupSpots = async (db: Db, productId: number): Promise<MeetupSpot[]> => {
  const rows = await db
    .select({ spot: meetupSpots })
    .from(productMeetupSpots)
    .innerJoin(meetupSpots, eq(meetupSpots.id, productMeetupSpots.spotId))
    .where(and(eq(productMeetupSpots.productId, productId), eq(meetupSpots.isActive, true)))
    .orderBy(asc(sql`lower(${meetupSpots.name})`));
  return rows.map((row) => toMeetupSpotDto(row.spot));
};
