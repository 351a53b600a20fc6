import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Sale } from './types';

/** `GET /api/sales/product/{id}/offers` (the product's owner only), newest first. */
export const getProductOffers = async (productId: number, signal?: AbortSignal) => {
  const offers = await api.get<Sale[]>(`/sales/product/${productId}/offers`, { signal });
  return (Array.isArray(offers) ? offers : []).toSorted((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
};

export const productOffersQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ['sales', 'product', productId],
    queryFn: ({ signal }) => getProductOffers(productId, signal),
  });

export const useProductOffers = (productId: number) =>
  useQuery(productOffersQueryOptions(productId));
