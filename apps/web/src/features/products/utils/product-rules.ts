import type { Product } from '@unimercado/shared/schemas/products';

/**
 * What a viewer may do with a product (spec sections 4 and 6): the seller cannot favourite, offer
 * on or chat about their own product; a sold product takes no offers and no chat.
 */
export const productActionRules = (
  product: Pick<Product, 'sellerId' | 'isSold'>,
  viewerId: number | null,
) => {
  const isOwner = viewerId !== null && viewerId === product.sellerId;
  return {
    isOwner,
    canFavorite: !isOwner,
    canOffer: !isOwner && !product.isSold,
    canContact: !isOwner && !product.isSold,
    canEdit: isOwner && !product.isSold,
  };
};
