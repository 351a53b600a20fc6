import type { ProductSort } from '@unimercado/shared/constants';
import type { Product } from '@unimercado/shared/schemas/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPage } from '@/lib/api-client';

/** Query of `GET /api/products` (spec section 7): filters, sort and the server-side page. */
export type ProductQuery = {
  page?: number;
  size?: number;
  sellerId?: number;
  categoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  /** Condition filter: NUEVO, SEMINUEVO or USADO. */
  status?: string;
  location?: string;
  search?: string;
  isSold?: boolean;
  sort?: ProductSort;
};

export const getProducts = (query: ProductQuery, signal?: AbortSignal) =>
  getPage<Product>('/products', { query, signal });

/** Every product list's cached answers (a saved search opened must not show an old one). */
export const PRODUCT_LISTS_KEY = ['products', 'list'] as const;

export const productsQueryOptions = (query: ProductQuery) =>
  queryOptions({
    queryKey: [...PRODUCT_LISTS_KEY, query],
    queryFn: ({ signal }) => getProducts(query, signal),
    // The next page replaces the current one without flashing the skeletons.
    placeholderData: keepPreviousData,
  });

export const useProducts = (query: ProductQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...productsQueryOptions(query), enabled: options.enabled ?? true });

/** Query of `GET /api/products/available`: the page and, as on /search, the sort. */
export type AvailableQuery = { page: number; size: number; sort?: ProductSort };

export const getAvailableProducts = (query: AvailableQuery, signal?: AbortSignal) =>
  getPage<Product>('/products/available', { query, signal });

export const availableProductsQueryOptions = (query: AvailableQuery) =>
  queryOptions({
    queryKey: ['products', 'available', query],
    queryFn: ({ signal }) => getAvailableProducts(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAvailableProducts = (query: AvailableQuery) =>
  useQuery(availableProductsQueryOptions(query));
