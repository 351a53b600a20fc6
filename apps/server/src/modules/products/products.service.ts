import { and, eq } from 'drizzle-orm';
import { productImages, products } from '../../db/schema';
import type { Tx } from '../../db/tx';

/**
 * A deleted seller's unsold listings go (their images, pending offers and favourites with them,
 * by the foreign keys); sold ones stay so buyers keep their purchases (architecture.md, data
 * safety). Returns the storage keys of the removed photos: the caller deletes the files after
 * commit.
 */
export const removeUserData = async (tx: Tx, userId: number): Promise<{ imageKeys: string[] }> => {
  const unsold = and(eq(products.sellerId, userId), eq(products.isSold, false));
  const images = await tx
    .select({ key: productImages.url, thumbnailKey: productImages.thumbnailUrl })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(unsold);
  await tx.delete(products).where(unsold);
  return {
    imageKeys: images.flatMap((image) =>
      image.thumbnailKey ? [image.key, image.thumbnailKey] : [image.key],
    ),
  };
};
