import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { formatPrice } from '@unimercado/shared/format';
import {
  SALE_MESSAGES,
  type CreateSaleInput,
  type Purchase,
  type Sale,
  type SalePageQuery,
  type SaleStatus,
} from '@unimercado/shared/schemas/sales';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from '../../db/pg-errors';
import type { Database } from '../../db/client';
import { hasRows } from '../../db/rows';
import { products, reviews, sales, users } from '../../db/schema';
import { inTransaction, type Tx, type TxScope } from '../../db/tx';
import { assertNotBlocked } from '../blocks/blocks.service';
import { AppError } from '../../lib/app-error';
import {
  assertOwner,
  assertPayloadActor,
  assertSelf,
  assertVerified,
  type Actor,
} from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { consumeLimit } from '../../plugins/rate-limit';
import {
  findProductRows,
  lockProductRow,
  setProductSold,
  toProductDto,
} from '../products/products.queries';

export type SalesDeps = Pick<
  AppDeps,
  'db' | 'now' | 'notifier' | 'bus' | 'storage' | 'counters' | 'rateLimits'
>;

type ProductRef = { id: number; title: string; sellerId: number };

/** What the server tells buyers and sellers (typeIds: spec sections 3 and 9; decision 025). */
export const SALE_NOTIFICATIONS = {
  newOffer: (price: number, title: string) =>
    `Has recibido una nueva oferta de ${formatPrice(price)} por "${title}".`,
  accepted: (title: string) => `Tu oferta por "${title}" fue aceptada. ¡El producto es tuyo!`,
  rejected: (title: string) => `Tu oferta por "${title}" fue rechazada.`,
  soldToOther: (title: string) =>
    `Tu oferta por "${title}" fue rechazada: el producto se vendió a otra persona.`,
  markedSold: (title: string) =>
    `Tu oferta por "${title}" fue rechazada: el vendedor marcó el producto como vendido.`,
  deleted: (title: string) =>
    `Tu oferta por "${title}" fue rechazada: el vendedor eliminó el producto.`,
} as const;

const productNotFound = () => new AppError(404, 'NOT_FOUND', SALE_MESSAGES.productNotFound);
const saleNotFound = () => new AppError(404, 'NOT_FOUND', SALE_MESSAGES.notFound);
const notPending = () => new AppError(409, 'CONFLICT', SALE_MESSAGES.notPending);

const saleColumns = {
  id: sales.id,
  buyerId: sales.buyerId,
  buyerName: users.name,
  productId: sales.productId,
  price: sales.price,
  status: sales.status,
  createdAt: sales.createdAt,
  decidedAt: sales.decidedAt,
};

type SaleRow = {
  id: number;
  buyerId: number;
  buyerName: string;
  productId: number;
  price: number;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
};

const toSaleDto = (row: SaleRow): Sale => ({
  id: row.id,
  buyerId: row.buyerId,
  buyerName: row.buyerName,
  productId: row.productId,
  price: Number(row.price),
  status: row.status as SaleStatus,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
});

const selectSales = (db: Tx | SalesDeps['db'], where: SQL | undefined) =>
  db.select(saleColumns).from(sales).innerJoin(users, eq(users.id, sales.buyerId)).where(where);

const countSales = async (db: Tx | SalesDeps['db'], where: SQL | undefined) => {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sales)
    .where(where);
  return Number(row?.total ?? 0);
};

const findSale = async (db: Tx | SalesDeps['db'], id: number) => {
  const [row] = await selectSales(db, eq(sales.id, id));
  return row ? toSaleDto(row) : undefined;
};

/**
 * `POST /api/sales`: an offer by the caller (verified accounts only; a `buyerId` naming someone
 * else is a 403) on someone else's available product, strictly below its price. It always starts
 * pending, and replaces the caller's earlier pending offer on that product. The seller is told
 * (typeId 3) with the event key `offer:{id}:created`, so a spec client's echo through
 * `POST /api/notifications` creates nothing more (decision 023).
 */
export const createOffer = async (
  deps: SalesDeps,
  actor: Actor,
  input: CreateSaleInput,
): Promise<Sale> => {
  assertVerified(actor);
  assertPayloadActor(actor, input.buyerId, SALE_MESSAGES.buyerMismatch);
  await consumeLimit(deps.counters, `offers:${actor.id}`, deps.rateLimits.offersPerAccount);
  const now = deps.now();
  try {
    return await inTransaction(deps.db, async (tx, afterCommit) => {
      // The product's row lock orders this offer with accepts, sold marks and deletions.
      const product = await lockProductRow(tx, input.productId);
      if (!product) throw productNotFound();
      if (product.sellerId === actor.id) {
        throw new AppError(403, 'SELF_ACTION', SALE_MESSAGES.ownProduct);
      }
      await assertNotBlocked(tx, actor.id, product.sellerId);
      if (product.hiddenAt !== null) throw productNotFound();
      if (product.isSold) throw new AppError(409, 'PRODUCT_SOLD', SALE_MESSAGES.productSold);
      if (input.price >= Number(product.price)) {
        throw new AppError(400, 'VALIDATION_ERROR', SALE_MESSAGES.priceNotBelow, {
          details: { in: 'body', path: '/price' },
        });
      }
      await tx
        .delete(sales)
        .where(
          and(
            eq(sales.productId, product.id),
            eq(sales.buyerId, actor.id),
            eq(sales.status, 'pending'),
          ),
        );
      const [created] = await tx
        .insert(sales)
        .values({
          productId: product.id,
          buyerId: actor.id,
          price: input.price,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: sales.id });
      if (!created) throw new Error('insert returned no row');
      await deps.notifier.notify(
        { tx, afterCommit },
        {
          userId: product.sellerId,
          typeId: NOTIFICATION_TYPES.newOffer,
          message: SALE_NOTIFICATIONS.newOffer(input.price, product.title),
          eventKey: `offer:${created.id}:created`,
          actorId: actor.id,
          link: `/my-products?offers=${product.id}`,
          createdAt: now,
        },
      );
      // Read inside the transaction: a newer offer of the same buyer may replace it right after.
      const sale = await findSale(tx, created.id);
      if (!sale) throw new Error('stored offer vanished');
      return sale;
    });
  } catch (error) {
    // The partial unique index (one pending offer per buyer and product) is the second guard.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw notPending();
    throw error;
  }
};

/** The product's owner only (admins included: architecture.md, "The server is the authority"). */
const assertProductOwner = async (db: SalesDeps['db'], actor: Actor, productId: number) => {
  const [product] = await db
    .select({ sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw productNotFound();
  assertOwner(actor, product.sellerId, SALE_MESSAGES.notOwner);
};

/** `GET /api/sales/product/{id}/offers` and `GET /api/sales?productId=`: every state, newest first. */
export const listOffers = async (
  deps: Pick<SalesDeps, 'db'>,
  actor: Actor,
  productId: number,
  query: SalePageQuery,
): Promise<{ items: Sale[]; total: number }> => {
  await assertProductOwner(deps.db, actor, productId);
  const where = eq(sales.productId, productId);
  const [rows, total] = await Promise.all([
    selectSales(deps.db, where)
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(query.size)
      .offset(query.page * query.size),
    countSales(deps.db, where),
  ]);
  return { items: rows.map(toSaleDto), total };
};

const notifyBuyers = async (
  scope: TxScope,
  deps: Pick<SalesDeps, 'notifier'>,
  product: ProductRef,
  decided: readonly { id: number; buyerId: number }[],
  message: string,
  event: string,
  now: Date,
) => {
  for (const sale of decided) {
    await deps.notifier.notify(scope, {
      userId: sale.buyerId,
      typeId: NOTIFICATION_TYPES.offerAnswered,
      message,
      eventKey: `offer:${sale.id}:${event}`,
      actorId: product.sellerId,
      link: event === 'accepted' ? '/my-purchases' : `/products/${product.id}`,
      createdAt: now,
    });
  }
};

/**
 * Rejects every pending offer on a product that has just been sold (through another offer or
 * marked sold by hand) or is being deleted, telling each buyer. Runs in the caller's transaction, under the
 * product's row lock.
 */
export const rejectPendingOffers = async (
  scope: TxScope,
  deps: Pick<SalesDeps, 'notifier' | 'now'>,
  product: ProductRef,
  options: { reason: 'soldToOther' | 'markedSold' | 'deleted'; except?: number },
) => {
  const now = deps.now();
  const rejected = await scope.tx
    .update(sales)
    .set({ status: 'rejected', decidedAt: now, updatedAt: now })
    .where(
      and(
        eq(sales.productId, product.id),
        eq(sales.status, 'pending'),
        options.except === undefined ? undefined : ne(sales.id, options.except),
      ),
    )
    .returning({ id: sales.id, buyerId: sales.buyerId });
  await notifyBuyers(
    scope,
    deps,
    product,
    rejected,
    SALE_NOTIFICATIONS[options.reason](product.title),
    'rejected',
    now,
  );
};

/**
 * `PUT /api/sales/{id}/accept` and `/reject`: the product's owner only, pending offers only.
 * Accepting, in one transaction under the product's row lock: the product is marked sold, this
 * offer accepted, the other pending offers rejected, and every buyer involved told (typeId 2).
 * Any number of racing accepts on one product accept exactly one; the others find their offer
 * no longer pending (409). The partial unique index "one accepted sale per product" is the second
 * guard.
 */
export const decideOffer = async (
  deps: SalesDeps,
  actor: Actor,
  id: number,
  decision: 'accepted' | 'rejected',
): Promise<Sale> => {
  const [target] = await deps.db
    .select({ productId: sales.productId })
    .from(sales)
    .where(eq(sales.id, id));
  if (!target) throw saleNotFound();
  try {
    return await inTransaction(deps.db, async (tx, afterCommit) => {
      const scope = { tx, afterCommit };
      const product = await lockProductRow(tx, target.productId);
      // The product went (with its offers) after the first read.
      if (!product) throw saleNotFound();
      assertOwner(actor, product.sellerId, SALE_MESSAGES.notOwner);
      // Read again under the lock: every change to a product's offers holds it.
      const [sale] = await tx
        .select({ status: sales.status, buyerId: sales.buyerId })
        .from(sales)
        .where(eq(sales.id, id));
      if (!sale) throw saleNotFound();
      if (sale.status !== 'pending' || product.isSold) throw notPending();
      const now = deps.now();
      await tx
        .update(sales)
        .set({ status: decision, decidedAt: now, updatedAt: now })
        .where(eq(sales.id, id));
      if (decision === 'accepted') {
        await setProductSold(scope, deps.bus, product.id, now, { reserved: true });
        await notifyBuyers(
          scope,
          deps,
          product,
          [{ id, buyerId: sale.buyerId }],
          SALE_NOTIFICATIONS.accepted(product.title),
          'accepted',
          now,
        );
        await rejectPendingOffers(scope, deps, product, { reason: 'soldToOther', except: id });
      } else {
        await notifyBuyers(
          scope,
          deps,
          product,
          [{ id, buyerId: sale.buyerId }],
          SALE_NOTIFICATIONS.rejected(product.title),
          'rejected',
          now,
        );
      }
      const decided = await findSale(tx, id);
      if (!decided) throw new Error('decided offer vanished');
      return decided;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw notPending();
    throw error;
  }
};

/** Which of these purchases their buyer has reviewed (one review per buyer and product). */
export const findReviewedPurchases = async (
  db: Database,
  purchases: readonly { buyerId: number; productId: number }[],
) => {
  const key = (buyerId: number, productId: number) => `${buyerId}:${productId}`;
  const productIds = [...new Set(purchases.map((purchase) => purchase.productId))];
  const rows =
    productIds.length === 0
      ? []
      : await db
          .select({ reviewerId: reviews.reviewerId, productId: reviews.productId })
          .from(reviews)
          .where(inArray(reviews.productId, productIds));
  const reviewed = new Set(rows.map((row) => key(row.reviewerId, row.productId)));
  return (purchase: { buyerId: number; productId: number }) =>
    reviewed.has(key(purchase.buyerId, purchase.productId));
};

/**
 * `GET /api/sales/buyer/{buyerId}`: the caller's own purchases (accepted offers only), newest
 * first, each with its product embedded.
 */
export const listPurchases = async (
  deps: Pick<SalesDeps, 'db' | 'storage'>,
  actor: Actor,
  buyerId: number,
  query: SalePageQuery,
): Promise<{ items: Purchase[]; total: number }> => {
  assertSelf(actor, buyerId, SALE_MESSAGES.purchasesNotOwn);
  const where = and(eq(sales.buyerId, actor.id), eq(sales.status, 'accepted'));
  const [rows, total] = await Promise.all([
    selectSales(deps.db, where)
      .orderBy(desc(sales.decidedAt), desc(sales.id))
      .limit(query.size)
      .offset(query.page * query.size),
    countSales(deps.db, where),
  ]);
  const productRows = await findProductRows(
    deps.db,
    rows.map((row) => row.productId),
  );
  const byId = new Map(productRows.map((row) => [row.id, toProductDto(deps.storage, row)]));
  const isReviewed = await findReviewedPurchases(deps.db, rows);
  const items = rows.flatMap((row) => {
    const product = byId.get(row.productId);
    return product ? [{ ...toSaleDto(row), product, isReviewed: isReviewed(row) }] : [];
  });
  return { items, total };
};

/**
 * A deleted buyer's pending offers go; answered ones stay (an accepted one is the seller's sale;
 * architecture.md, data safety).
 */
/** Whether the member has made any offer, whatever became of it (decision 037). */
export const hasUserData = (db: Database | Tx, userId: number) =>
  hasRows(db, sales, eq(sales.buyerId, userId));

export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(sales).where(and(eq(sales.buyerId, userId), eq(sales.status, 'pending')));
};

/** Whether a product has been sold through an accepted offer (it can then never be deleted). */
/**
 * What a seller received for their sold products (the dashboard's 'Total ganado', issue 18): the
 * accepted offer's price where an offer sold the product, the listed price where it was marked
 * sold by hand. Read by the products module's stats, handed over by app.ts.
 */
export const totalEarnedBy = async (db: Database | Tx, sellerId: number): Promise<number> => {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(coalesce(${sales.price}, ${products.price})), 0)::float8`,
    })
    .from(products)
    .leftJoin(sales, and(eq(sales.productId, products.id), eq(sales.status, 'accepted')))
    .where(and(eq(products.sellerId, sellerId), eq(products.isSold, true)));
  return Number(row?.total ?? 0);
};

export const hasAcceptedSale = async (tx: Tx, productId: number) => {
  const [row] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.productId, productId), eq(sales.status, 'accepted')))
    .limit(1);
  return Boolean(row);
};
