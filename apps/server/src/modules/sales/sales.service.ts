import { and, eq } from 'drizzle-orm';
import { sales } from '../../db/schema';
import type { Tx } from '../../db/tx';

/**
 * A deleted buyer's pending offers go; answered ones stay (an accepted one is the seller's sale;
 * architecture.md, data safety).
 */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(sales).where(and(eq(sales.buyerId, userId), eq(sales.status, 'pending')));
};

/** Whether a product has been sold through an accepted offer (it can then never be deleted). */
export const hasAcceptedSale = async (tx: Tx, productId: number) => {
  const [row] = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.productId, productId), eq(sales.status, 'accepted')))
    .limit(1);
  return Boolean(row);
};
