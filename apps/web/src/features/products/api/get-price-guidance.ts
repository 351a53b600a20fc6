import type { PriceGuidance } from '@unimercado/shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the publish form asks about: the chosen category and the title typed so far. */
export type PriceGuidanceQuery = { categoryId: number; title: string };

/** `GET /api/products/price-guidance` (decision 098). */
export const getPriceGuidance = (query: PriceGuidanceQuery, signal?: AbortSignal) =>
  api.get<PriceGuidance>('/products/price-guidance', { query, signal });

export const priceGuidanceQueryOptions = (query: PriceGuidanceQuery) =>
  queryOptions({
    queryKey: ['products', 'price-guidance', query.categoryId, query.title.trim().toLowerCase()],
    queryFn: ({ signal }) => getPriceGuidance(query, signal),
    staleTime: 5 * 60_000,
  });

export const usePriceGuidance = (query: PriceGuidanceQuery, enabled: boolean) =>
  useQuery({ ...priceGuidanceQueryOptions(query), enabled });
