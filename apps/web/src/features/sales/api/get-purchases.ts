import type { Product } from '@unimercado/shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Sale } from './types';

export type Purchase = { sale: Sale; product: Product };

/**
 * `GET /api/sales/buyer/{buyerId}` (the caller's own). Only accepted sales are purchases (spec
 * section 3); a product bought twice shows once (deduplicated by id, spec section 2). A sale
 * without its product embedded has it fetched, once per product.
 */
export const getPurchases = async (buyerId: number, signal?: AbortSignal) => {
  const sales = await api.get<Sale[]>(`/sales/buyer/${buyerId}`, { signal, query: { size: 100 } });
  const accepted = (Array.isArray(sales) ? sales : [])
    .filter((sale) => sale.status === 'accepted')
    .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt));
  const byProduct = new Map<number, Sale>();
  for (const sale of accepted)
    if (!byProduct.has(sale.productId)) byProduct.set(sale.productId, sale);
  const purchases = await Promise.all(
    [...byProduct.values()].map(async (sale): Promise<Purchase> => ({
      sale,
      product: sale.product ?? (await api.get<Product>(`/products/${sale.productId}`, { signal })),
    })),
  );
  return purchases;
};

export const purchasesQueryOptions = (buyerId: number) =>
  queryOptions({
    queryKey: ['sales', 'buyer', buyerId],
    queryFn: ({ signal }) => getPurchases(buyerId, signal),
  });

export const usePurchases = (buyerId: number) => useQuery(purchasesQueryOptions(buyerId));
