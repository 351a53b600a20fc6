import type { FavoriteState } from '@unimercado/shared/schemas/favorites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/favorites` (spec section 7): the same call adds or removes (section 4). */
export const toggleFavorite = (input: { userId: number; productId: number }) =>
  api.post<FavoriteState>('/favorites', input);

export const useToggleFavorite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['favorites'] }),
  });
};
