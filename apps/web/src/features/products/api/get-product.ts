import type { Product } from '@unimercado/shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getProduct = (id: number, signal?: AbortSignal) =>
  api.get<Product>(`/products/${id}`, { signal });

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export const useProduct = (id: number | null) =>
  useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });

/**
 * Counts a visit to the product's page for the seller's insight (once per viewer per day on the
 * server; the seller's own visits do not count). Best effort: a failure is not shown.
 */
export const recordProductView = (id: number) =>
  api.post<null>(`/products/${id}/views`).catch(() => null);
