import type { FavoriteIds } from '@unimercado/shared/schemas/favorites';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /api/favorites/ids`: every product the signed-in user saved, for the hearts on any grid or
 * product page (the favourites list itself is paginated). Its key sits under ['favorites'], so a
 * toggle refreshes it.
 */
export const getFavoriteIds = (signal?: AbortSignal) =>
  api.get<FavoriteIds>('/favorites/ids', { signal });

export const useFavoriteIds = (userId: number | null) =>
  useQuery({
    queryKey: ['favorites', userId ?? 0, 'ids'],
    queryFn: ({ signal }) => getFavoriteIds(signal),
    enabled: userId !== null,
  });
