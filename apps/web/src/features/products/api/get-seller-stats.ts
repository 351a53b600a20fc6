import type { SellerStats } from '@unimercado/shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getSellerStats = () => api.get<SellerStats>('/products/stats');

export const sellerStatsQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'stats'], queryFn: getSellerStats });

export const useSellerStats = () => useQuery(sellerStatsQueryOptions());
