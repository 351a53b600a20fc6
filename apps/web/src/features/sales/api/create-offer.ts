import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Sale } from './types';

/** `POST /api/sales` (spec section 7): the caller is the buyer; an offer starts pending. */
export const createOffer = (input: { buyerId: number; productId: number; price: number }) =>
  api.post<Sale>('/sales', { ...input, status: 'pending' });

export const useCreateOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: (_sale, input) =>
      queryClient.invalidateQueries({ queryKey: ['sales', 'product', input.productId] }),
  });
};
