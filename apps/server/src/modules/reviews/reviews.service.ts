import type { Review, ReviewListQuery } from '@unimercado/shared/schemas/reviews';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reviews } from '../../db/schema';

const toReviewDto = (row: typeof reviews.$inferSelect): Review => ({
  id: row.id,
  rating: row.rating,
  comment: row.comment,
  productId: row.productId,
  reviewerId: row.reviewerId,
  revieweeId: row.revieweeId,
  createdAt: row.createdAt.toISOString(),
});

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
  const rows = await db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.size)
    .offset(query.page * query.size);
  return { items: rows.map(toReviewDto), total: Number(count?.total ?? 0) };
};
