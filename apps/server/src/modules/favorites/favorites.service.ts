import { eq } from 'drizzle-orm';
import { favorites } from '../../db/schema';
import type { Tx } from '../../db/tx';

/** A deleted account's saved products go with it. */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(favorites).where(eq(favorites.userId, userId));
};
