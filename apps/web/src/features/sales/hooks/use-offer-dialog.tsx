import type { Product } from '@unimercado/shared/schemas/products';
import { lazy, Suspense, useCallback, useState } from 'react';

// Loaded when a member first opens it, not with the product pages (issue 7's JS budget).
const OfferDialog = lazy(async () => ({
  default: (await import('../components/offer-dialog')).OfferDialog,
}));

/** `open(product)` shows the offer dialog for `buyerId`; render `dialog` once in the page. */
export const useOfferDialog = (buyerId: number | null) => {
  const [product, setProduct] = useState<Pick<Product, 'id' | 'title' | 'price'> | null>(null);
  const close = useCallback(() => setProduct(null), []);
  const dialog =
    product && buyerId !== null ? (
      <Suspense fallback={null}>
        <OfferDialog key={product.id} product={product} buyerId={buyerId} onClose={close} />
      </Suspense>
    ) : null;
  return { open: setProduct, dialog };
};
