import type { Category } from '@unimercado/shared/schemas/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getCategories = () => api.get<Category[]>('/categories');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 10 * 60_000 });

export const useCategories = () => useQuery(categoriesQueryOptions());
