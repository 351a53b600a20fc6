import type { Purchase } from '@unimercado/shared/schemas/sales';
import { MAX_PAGE_SIZE } from '@unimercado/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /api/sales/buyer/{buyerId}` (the caller's own), each with its product embedded. Only
 * accepted sales are purchases (spec section 3) and a product bought twice shows once
 * (deduplicated by id, spec section 2), newest first.
 */
export const getPurchases = async (buyerId: number, signal?: AbortSignal) => {
  const sales = await api.get<Purchase[]>(`/sales/buyer/${buyerId}`, {
    signal,
    query: { size: MAX_PAGE_SIZE },
  });
  const byProduct = new Map<number, Purchase>();
  for (const sale of (Array.isArray(sales) ? sales : [])
    .filter((purchase) => purchase.status === 'accepted')
    .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    if (!byProduct.has(sale.productId)) byProduct.set(sale.productId, sale);
  }
  return [...byProduct.values()];
};

export const purchasesQueryOptions = (buyerId: number) =>
  queryOptions({
    queryKey: ['sales', 'buyer', buyerId],
    queryFn: ({ signal }) => getPurchases(buyerId, signal),
  });

export const usePurchases = (buyerId: number) => useQuery(purchasesQueryOptions(buyerId));
