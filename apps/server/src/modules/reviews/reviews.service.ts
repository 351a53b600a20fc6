import {
  REVIEW_MESSAGES,
  type CreateReviewInput,
  type Review,
  type ReviewListQuery,
} from '@unimercado/shared/schemas/reviews';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasRows } from '../../db/rows';
import { products, reviews, users } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertPayloadActor, assertVerified, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { PRODUCTS_CHANGED_TOPIC } from '../products/products.queries';
import { openReviewFor } from '../sales/handoffs.service';

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  productId: reviews.productId,
  reviewerId: reviews.reviewerId,
  reviewerName: users.name,
  revieweeId: reviews.revieweeId,
  createdAt: reviews.createdAt,
};

type ReviewRow = {
  [K in keyof typeof reviewColumns]: (typeof reviewColumns)[K]['_']['data'];
};

const toReviewDto = (row: ReviewRow): Review => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const selectReviews = (db: Database | Tx, where: SQL | undefined) =>
  db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(where);

/** Reviews a user received (`revieweeId`) or wrote (`reviewerId`), newest first, one page. */
export const listReviews = async (
  db: Database,
  query: ReviewListQuery,
): Promise<{ items: Review[]; total: number }> => {
  const conditions: SQL[] = [];
  if (query.revieweeId !== undefined) conditions.push(eq(reviews.revieweeId, query.revieweeId));
  if (query.reviewerId !== undefined) conditions.push(eq(reviews.reviewerId, query.reviewerId));
  const where = and(...conditions);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .where(where);
  const rows = await selectReviews(db, where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.size)
    .offset(query.page * query.size);
  return { items: rows.map(toReviewDto), total: Number(count?.total ?? 0) };
};

/**
 * `POST /api/reviews`: only the buyer of an accepted sale of the product (verified, hand-off not
 * cancelled), about the product's seller, once per product. `reviewerId` and `revieweeId` may be sent (spec section 7)
 * but must name the caller and the seller (403 otherwise).
 */
export const createReview = async (
  deps: Pick<AppDeps, 'db' | 'now' | 'bus' | 'notifier'>,
  actor: Actor,
  input: CreateReviewInput,
): Promise<Review> => {
  assertVerified(actor);
  assertPayloadActor(actor, input.reviewerId, REVIEW_MESSAGES.reviewerMismatch);
  const id = await inTransaction(deps.db, async (tx, afterCommit) => {
    const [product] = await tx
      .select({ sellerId: products.sellerId })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product) throw new AppError(404, 'NOT_FOUND', REVIEW_MESSAGES.productNotFound);
    // Reviews open when the hand-off completes; the buyer's review completes it (decision 075).
    if (!(await openReviewFor({ tx, afterCommit }, deps, actor.id, input.productId))) {
      throw new AppError(403, 'FORBIDDEN', REVIEW_MESSAGES.notPurchased);
    }
    if (
      input.revieweeId !== undefined &&
      input.revieweeId !== null &&
      input.revieweeId !== product.sellerId
    ) {
      throw new AppError(403, 'FORBIDDEN', REVIEW_MESSAGES.revieweeMismatch);
    }
    // The unique index (reviewer, product) settles parallel attempts: only one is stored.
    const [created] = await tx
      .insert(reviews)
      .values({
        rating: input.rating,
        comment: input.comment,
        productId: input.productId,
        reviewerId: actor.id,
        revieweeId: product.sellerId,
        createdAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!created) throw new AppError(409, 'CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
    // Product answers carry the seller's rating (decision 099): cached lists are dropped.
    afterCommit(() => deps.bus.publish(PRODUCTS_CHANGED_TOPIC, {}));
    return created.id;
  });
  const [row] = await selectReviews(deps.db, eq(reviews.id, id));
  if (!row) throw new Error('stored review vanished');
  return toReviewDto(row);
};

/** Whether the member has written or received a review (decision 037). */
export const hasUserData = (db: Database | Tx, userId: number) =>
  hasRows(db, reviews, sql`${reviews.reviewerId} = ${userId} or ${reviews.revieweeId} = ${userId}`);
