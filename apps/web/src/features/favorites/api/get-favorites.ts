import { MAX_PAGE_SIZE } from '@unimercado/shared/constants';
import type { Favorite } from '@unimercado/shared/schemas/favorites';
import type { Product } from '@unimercado/shared/schemas/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPage } from '@/lib/api-client';

export type FavoriteList = { products: Product[]; total: number };

/**
 * `GET /api/favorites?userId=` (the caller's own, newest first): each item embeds its product, so
 * the page needs one request (the spec's client fetched each product).
 */
export const getFavorites = async (userId: number, signal?: AbortSignal): Promise<FavoriteList> => {
  const page = await getPage<Favorite>('/favorites', {
    query: { userId, size: MAX_PAGE_SIZE },
    signal,
  });
  return { products: page.items.map((favorite) => favorite.product), total: page.total };
};

export const favoritesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['favorites', userId],
    queryFn: ({ signal }) => getFavorites(userId, signal),
  });

export const useFavorites = (userId: number | null) =>
  useQuery({ ...favoritesQueryOptions(userId ?? 0), enabled: userId !== null });
