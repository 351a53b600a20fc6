import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import {
  HANDOFF_CANCEL_REASON_LABELS,
  HANDOFF_MESSAGES,
  HANDOFF_OBJECTION_HOURS,
  type CancelHandoffInput,
  type Handoff,
  type HandoffCancelReason,
  type HandoffListQuery,
  type HandoffState,
  type NoShow,
} from '@unimercado/shared/schemas/handoffs';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { products, sales, users } from '../../db/schema';
import type { AppDeps } from '../../lib/deps';
import { inTransaction, type Tx, type TxScope } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertAdmin, type Actor } from '../../lib/authorization';
import {
  endProductReservation,
  findProductRows,
  lockProductRow,
  toProductDto,
} from '../products/products.queries';
import { findCurrentMeetups } from './meetups.queries';
import { findReviewedPurchases, type SalesDeps } from './sales.service';
import { queueListingForAlerts } from '../saved-searches/saved-search-alerts';

/**
 * Hand-offs (decision 075): an accepted offer reserves its product for the buyer until the buyer
 * confirms receipt, or the seller confirms and the buyer does not cancel within 72 hours; either
 * side may call it off with a reason, which makes the product available again. Every change holds
 * the product's row lock, like every other change to a product's offers.
 */

const OBJECTION_MS = HANDOFF_OBJECTION_HOURS * 60 * 60 * 1000;

export const HANDOFF_NOTIFICATIONS = {
  buyerConfirmed: (title: string) =>
    `El comprador confirmó que recibió "${title}". La entrega está completada.`,
  sellerConfirmed: (title: string) =>
    `El vendedor confirmó la entrega de "${title}". Si no la recibiste, cancélala en ${HANDOFF_OBJECTION_HOURS} horas; si no, se dará por completada.`,
  completedForBuyer: (title: string) =>
    `Pasaron ${HANDOFF_OBJECTION_HOURS} horas desde que el vendedor confirmó la entrega de "${title}" y la entrega quedó completada. Ya puedes calificar al vendedor.`,
  completedForSeller: (title: string) =>
    `La entrega de "${title}" quedó completada: el comprador no la objetó en ${HANDOFF_OBJECTION_HOURS} horas.`,
  cancelled: (title: string, reason: HandoffCancelReason) =>
    `La entrega de "${title}" fue cancelada (${HANDOFF_CANCEL_REASON_LABELS[reason].toLowerCase()}). El producto vuelve a estar disponible.`,
} as const;

export const notFound = () => new AppError(404, 'NOT_FOUND', HANDOFF_MESSAGES.notFound);
export const notParty = () => new AppError(403, 'FORBIDDEN', HANDOFF_MESSAGES.notParty);
export const notReserved = () => new AppError(409, 'CONFLICT', HANDOFF_MESSAGES.notReserved);

export type HandoffRow = typeof sales.$inferSelect & { sellerId: number };

const selectHandoffRows = (db: Tx | SalesDeps['db'], where: SQL | undefined) =>
  db
    .select({ sale: sales, sellerId: products.sellerId })
    .from(sales)
    .innerJoin(products, eq(products.id, sales.productId))
    .where(and(inArray(sales.status, ['accepted', 'cancelled']), where));

const toRow = (row: { sale: typeof sales.$inferSelect; sellerId: number }): HandoffRow => ({
  ...row.sale,
  sellerId: row.sellerId,
});

/** The seller's confirmation stands once this passes unanswered. */
/** A seller confirmation made at or before this has stood its 72 hours at `now`. */
const objectionStartedBy = (now: Date) => new Date(now.getTime() - OBJECTION_MS);

const completesAt = (row: HandoffRow) =>
  row.sellerConfirmedAt ? new Date(row.sellerConfirmedAt.getTime() + OBJECTION_MS) : null;

export const handoffState = (row: HandoffRow, now: Date): HandoffState => {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.completedAt) return 'completed';
  const deadline = completesAt(row);
  return deadline && deadline <= now ? 'completed' : 'reserved';
};

export const isParty = (actor: Actor, row: HandoffRow) =>
  actor.id === row.buyerId || actor.id === row.sellerId;

/** Re-reads a hand-off under its product's row lock; undefined when it (or its product) is gone. */
export const lockHandoff = async (tx: Tx, id: number) => {
  const [first] = await selectHandoffRows(tx, eq(sales.id, id));
  if (!first) return undefined;
  const product = await lockProductRow(tx, first.sale.productId);
  if (!product) return undefined;
  const [row] = await selectHandoffRows(tx, eq(sales.id, id));
  return row ? { row: toRow(row), product } : undefined;
};

/**
 * Writes down a completion that happened by itself (seller confirmed, 72 hours passed) or by the
 * buyer's word: the offer completed, the product no longer reserved (it stays sold).
 */
const completeLocked = async (
  scope: TxScope,
  deps: Pick<SalesDeps, 'bus'>,
  row: HandoffRow,
  completedAt: Date,
) => {
  await scope.tx
    .update(sales)
    .set({ completedAt, updatedAt: completedAt })
    .where(and(eq(sales.id, row.id), isNull(sales.completedAt)));
  await endProductReservation(scope, deps.bus, row.productId, completedAt, 'completed');
};

const toHandoffs = async (
  deps: Pick<SalesDeps, 'db' | 'storage' | 'now'>,
  actor: Actor,
  rows: readonly HandoffRow[],
): Promise<Handoff[]> => {
  if (rows.length === 0) return [];
  const now = deps.now();
  const userIds = [...new Set(rows.flatMap((row) => [row.buyerId, row.sellerId]))];
  const [productRows, people, meetups, isReviewed] = await Promise.all([
    findProductRows(
      deps.db,
      rows.map((row) => row.productId),
    ),
    deps.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, userIds)),
    findCurrentMeetups(
      deps.db,
      rows.map((row) => row.id),
    ),
    findReviewedPurchases(deps.db, rows),
  ]);
  const productById = new Map(productRows.map((row) => [row.id, row]));
  const nameById = new Map(people.map((person) => [person.id, person.name]));
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return rows.flatMap((row) => {
    const product = productById.get(row.productId);
    if (!product) return [];
    return [
      {
        id: row.id,
        state: handoffState(row, now),
        role: actor.id === row.sellerId ? 'seller' : 'buyer',
        price: Number(row.price),
        product: toProductDto(deps.storage, product),
        buyer: { id: row.buyerId, name: nameById.get(row.buyerId) ?? '' },
        seller: { id: row.sellerId, name: nameById.get(row.sellerId) ?? '' },
        acceptedAt: iso(row.decidedAt),
        sellerConfirmedAt: iso(row.sellerConfirmedAt),
        completesAt: row.completedAt || row.status === 'cancelled' ? null : iso(completesAt(row)),
        completedAt: iso(
          row.completedAt ?? (handoffState(row, now) === 'completed' ? completesAt(row) : null),
        ),
        cancelledAt: iso(row.cancelledAt),
        cancelledById: row.cancelledById,
        cancelReason: row.cancelReason as HandoffCancelReason | null,
        cancelNote: row.cancelNote,
        meetup: meetups.get(row.id)?.meetup ?? null,
        // Only a reserved hand-off waits for an answer (a called-off one's pending stays unanswered).
        pendingMeetup:
          handoffState(row, now) === 'reserved'
            ? (meetups.get(row.id)?.pendingMeetup ?? null)
            : null,
        isReviewed: isReviewed(row),
      } satisfies Handoff,
    ];
  });
};

const asParty = (actor: Actor) => or(eq(sales.buyerId, actor.id), eq(products.sellerId, actor.id));

/** `GET /api/handoffs`: the caller's hand-offs as buyer or seller, newest accepted first. */
export const listHandoffs = async (
  deps: Pick<SalesDeps, 'db' | 'storage' | 'now'>,
  actor: Actor,
  query: HandoffListQuery,
): Promise<{ items: Handoff[]; total: number }> => {
  const mine = asParty(actor);
  const now = deps.now();
  // By the clock, as handoffState: right before the sweep has written an overdue completion.
  const overdue = lte(sales.sellerConfirmedAt, objectionStartedBy(now));
  const byState: Record<HandoffState, SQL | undefined> = {
    reserved: and(
      eq(sales.status, 'accepted'),
      isNull(sales.completedAt),
      or(isNull(sales.sellerConfirmedAt), not(overdue)),
    ),
    completed: and(eq(sales.status, 'accepted'), or(isNotNull(sales.completedAt), overdue)),
    cancelled: eq(sales.status, 'cancelled'),
  };
  const where = and(mine, query.state ? byState[query.state] : undefined);
  const [rows, [count]] = await Promise.all([
    selectHandoffRows(deps.db, where)
      .orderBy(desc(sales.decidedAt), desc(sales.id))
      .limit(query.size)
      .offset(query.page * query.size),
    deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(sales)
      .innerJoin(products, eq(products.id, sales.productId))
      .where(and(inArray(sales.status, ['accepted', 'cancelled']), where)),
  ]);
  return {
    items: await toHandoffs(deps, actor, rows.map(toRow)),
    total: Number(count?.total ?? 0),
  };
};

/** `GET /api/handoffs/{id}`: its buyer and its seller only. */
export const getHandoff = async (
  deps: Pick<SalesDeps, 'db' | 'storage' | 'now'>,
  actor: Actor,
  id: number,
): Promise<Handoff> => {
  const [first] = await selectHandoffRows(deps.db, eq(sales.id, id));
  if (!first) throw notFound();
  if (!isParty(actor, toRow(first))) throw notParty();
  const [handoff] = await toHandoffs(deps, actor, [toRow(first)]);
  if (!handoff) throw notFound();
  return handoff;
};

const notifyParty = async (
  scope: TxScope,
  deps: Pick<SalesDeps, 'notifier'>,
  input: {
    userId: number;
    actorId: number;
    message: string;
    event: string;
    role: 'buyer' | 'seller';
    now: Date;
  },
) => {
  await deps.notifier.notify(scope, {
    userId: input.userId,
    typeId: NOTIFICATION_TYPES.offerAnswered,
    message: input.message,
    eventKey: input.event,
    actorId: input.actorId,
    link: input.role === 'buyer' ? '/my-purchases' : '/my-products',
    createdAt: input.now,
  });
};

/** The buyer says they received it: the hand-off completes and the seller is told. */
const confirmReceipt = async (
  scope: TxScope,
  deps: Pick<SalesDeps, 'bus' | 'notifier'>,
  row: HandoffRow,
  title: string,
  now: Date,
) => {
  await completeLocked(scope, deps, row, now);
  await notifyParty(scope, deps, {
    userId: row.sellerId,
    actorId: row.buyerId,
    message: HANDOFF_NOTIFICATIONS.buyerConfirmed(title),
    event: `handoff:${row.id}:completed`,
    role: 'seller',
    now,
  });
};

/**
 * `POST /api/handoffs/{id}/confirm`: the buyer's confirmation completes the hand-off; the
 * seller's starts the 72 hours in which the buyer may still cancel. A party confirming again gets
 * the hand-off unchanged; a completed or cancelled one is a 409.
 */
export const confirmHandoff = async (deps: SalesDeps, actor: Actor, id: number) => {
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const scope = { tx, afterCommit };
    const locked = await lockHandoff(tx, id);
    if (!locked) throw notFound();
    const { row, product } = locked;
    if (!isParty(actor, row)) throw notParty();
    const now = deps.now();
    const state = handoffState(row, now);
    if (state !== 'reserved') {
      if (state === 'completed' && actor.id === row.buyerId) return;
      throw notReserved();
    }
    if (actor.id === row.buyerId) {
      await confirmReceipt(scope, deps, row, product.title, now);
      return;
    }
    if (row.sellerConfirmedAt) return;
    await tx
      .update(sales)
      .set({ sellerConfirmedAt: now, updatedAt: now })
      .where(eq(sales.id, row.id));
    await notifyParty(scope, deps, {
      userId: row.buyerId,
      actorId: actor.id,
      message: HANDOFF_NOTIFICATIONS.sellerConfirmed(product.title),
      event: `handoff:${row.id}:seller-confirmed`,
      role: 'buyer',
      now,
    });
  });
  return getHandoff(deps, actor, id);
};

/**
 * `POST /api/handoffs/{id}/cancel`: either party, while reserved (the buyer also during the 72
 * hours after the seller confirmed: that is the objection). The offer turns `cancelled`, the
 * product available again, and both parties are told. A no-show counts against the other party.
 */
export const cancelHandoff = async (
  deps: SalesDeps & Pick<AppDeps, 'config'>,
  actor: Actor,
  id: number,
  input: CancelHandoffInput,
) => {
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const scope = { tx, afterCommit };
    const locked = await lockHandoff(tx, id);
    if (!locked) throw notFound();
    const { row, product } = locked;
    if (!isParty(actor, row)) throw notParty();
    const now = deps.now();
    if (handoffState(row, now) !== 'reserved') throw notReserved();
    const other = actor.id === row.buyerId ? row.sellerId : row.buyerId;
    await tx
      .update(sales)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledById: actor.id,
        cancelReason: input.reason,
        cancelNote: input.note || null,
        noShowUserId: input.reason === 'no_show' ? other : null,
        updatedAt: now,
      })
      .where(eq(sales.id, row.id));
    await endProductReservation(
      scope,
      deps.bus,
      product.id,
      now,
      'cancelled',
      deps.config.listings.ttlDays,
    );
    // Available again: saved searches it matches now hear of it (once each, decision 088).
    await queueListingForAlerts(scope, deps, product.id);
    for (const [userId, role] of [
      [row.buyerId, 'buyer'],
      [row.sellerId, 'seller'],
    ] as const) {
      await notifyParty(scope, deps, {
        userId,
        actorId: actor.id,
        message: HANDOFF_NOTIFICATIONS.cancelled(product.title, input.reason),
        event: `handoff:${row.id}:cancelled`,
        role,
        now,
      });
    }
  });
  return getHandoff(deps, actor, id);
};

/**
 * Whether the buyer may review the product (reviews open when the hand-off completes). A buyer
 * reviewing a reserved hand-off, as a spec client does right after the accept, says they have
 * received it: the hand-off completes in the review's transaction (decision 075).
 */
export const openReviewFor = async (
  scope: TxScope,
  deps: Pick<SalesDeps, 'bus' | 'notifier' | 'now'>,
  buyerId: number,
  productId: number,
) => {
  const [first] = await selectHandoffRows(
    scope.tx,
    and(eq(sales.productId, productId), eq(sales.buyerId, buyerId), eq(sales.status, 'accepted')),
  );
  if (!first) return false;
  const locked = await lockHandoff(scope.tx, first.sale.id);
  if (!locked) return false;
  const { row, product } = locked;
  const now = deps.now();
  const state = handoffState(row, now);
  if (state === 'cancelled') return false;
  if (!row.completedAt) {
    if (state === 'reserved') await confirmReceipt(scope, deps, row, product.title, now);
    else await completeLocked(scope, deps, row, completesAt(row)!);
  }
  return true;
};

/** How often each instance looks for seller confirmations that stood their 72 hours. */
export const HANDOFF_SWEEP_INTERVAL_MS = 5 * 60 * 1000;
/** Hand-offs completed per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * The 72-hour completion (decision 085): every hand-off whose seller confirmation stood 72 hours
 * unanswered is written down as completed at the end of those hours, its product no longer
 * reserved, and both parties are told. Safe on several instances at once: each completion
 * re-reads the hand-off under its product's row lock and writes only if nobody did. Returns how
 * many this run completed.
 */
export const sweepOverdueHandoffs = async (
  deps: Pick<SalesDeps, 'db' | 'bus' | 'notifier' | 'now'>,
) => {
  const now = deps.now();
  const overdue = await deps.db
    .select({ id: sales.id })
    .from(sales)
    .where(
      and(
        eq(sales.status, 'accepted'),
        isNull(sales.completedAt),
        lte(sales.sellerConfirmedAt, objectionStartedBy(now)),
      ),
    )
    .orderBy(asc(sales.sellerConfirmedAt), asc(sales.id))
    .limit(SWEEP_BATCH);
  let completed = 0;
  for (const { id } of overdue) {
    const isCompleted = await inTransaction(deps.db, async (tx, afterCommit) => {
      const scope = { tx, afterCommit };
      const locked = await lockHandoff(tx, id);
      if (!locked || locked.row.completedAt || handoffState(locked.row, now) !== 'completed') {
        return false;
      }
      const { row, product } = locked;
      await completeLocked(scope, deps, row, completesAt(row)!);
      for (const [userId, role, message] of [
        [row.buyerId, 'buyer', HANDOFF_NOTIFICATIONS.completedForBuyer(product.title)],
        [row.sellerId, 'seller', HANDOFF_NOTIFICATIONS.completedForSeller(product.title)],
      ] as const) {
        await notifyParty(scope, deps, {
          userId,
          actorId: row.sellerId,
          message,
          event: `handoff:${row.id}:completed-unanswered`,
          role,
          now,
        });
      }
      return true;
    });
    if (isCompleted) completed += 1;
  }
  return completed;
};

/** `GET /api/handoffs/no-shows` (admins): members reported as not showing up, most first. */
export const listNoShows = async (deps: Pick<SalesDeps, 'db'>, actor: Actor): Promise<NoShow[]> => {
  assertAdmin(actor);
  const rows = await deps.db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      count: sql<number>`count(*)::int`,
      lastAt: sql<Date>`max(${sales.cancelledAt})`,
    })
    .from(sales)
    .innerJoin(users, eq(users.id, sales.noShowUserId))
    .groupBy(users.id, users.name, users.email)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${sales.cancelledAt})`))
    .limit(100);
  return rows.map((row) => ({
    ...row,
    count: Number(row.count),
    lastAt: new Date(row.lastAt).toISOString(),
  }));
};
