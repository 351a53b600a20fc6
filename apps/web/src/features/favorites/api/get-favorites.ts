import { MAX_PAGE_SIZE } from '@unimercado/shared/constants';
import type { Product } from '@unimercado/shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, getPage } from '@/lib/api-client';

/**
 * A favourite as `GET /api/favorites?userId=` answers it: the spec's `{ userId, productId }`
 * plus the product embedded (one request for the whole page). A server that does not embed it
 * has each product fetched, as the spec's client does.
 * TODO(shared): the shared schema's type once trade-server lands it.
 */
export type Favorite = { userId: number; productId: number; product?: Product | null };

export type FavoriteList = { products: Product[]; total: number };

export const getFavorites = async (userId: number, signal?: AbortSignal): Promise<FavoriteList> => {
  const page = await getPage<Favorite>('/favorites', {
    query: { userId, size: MAX_PAGE_SIZE },
    signal,
  });
  const products = await Promise.all(
    page.items.map(
      async (favorite) =>
        favorite.product ?? (await api.get<Product>(`/products/${favorite.productId}`, { signal })),
    ),
  );
  return { products, total: Math.max(page.total, products.length) };
};

export const favoritesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['favorites', userId],
    queryFn: ({ signal }) => getFavorites(userId, signal),
  });

export const useFavorites = (userId: number | null) =>
  useQuery({ ...favoritesQueryOptions(userId ?? 0), enabled: userId !== null });
