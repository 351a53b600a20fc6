import type { Product } from '@unimercado/shared/schemas/products';
import { useCallback, useState } from 'react';
import { OfferDialog } from '../components/offer-dialog';

/** `open(product)` shows the offer dialog for `buyerId`; render `dialog` once in the page. */
export const useOfferDialog = (buyerId: number | null) => {
  const [product, setProduct] = useState<Pick<Product, 'id' | 'title' | 'price'> | null>(null);
  const close = useCallback(() => setProduct(null), []);
  const dialog =
    product && buyerId !== null ? (
      <OfferDialog key={product.id} product={product} buyerId={buyerId} onClose={close} />
    ) : null;
  return { open: setProduct, dialog };
};
