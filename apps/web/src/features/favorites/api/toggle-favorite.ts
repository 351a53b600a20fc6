import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/favorites` (spec section 7): the same call adds or removes (section 4). */
export const toggleFavorite = (input: { userId: number; productId: number }) =>
  api.post<unknown>('/favorites', input);

export const useToggleFavorite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    // The seller's listing shows how many saved it: product figures may change too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['favorites'] }),
  });
};
