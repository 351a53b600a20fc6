import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Sale } from './types';

export type OfferDecision = 'accept' | 'reject';

/** `PUT /api/sales/{id}/accept` and `/reject` (the owner only, pending offers only). */
export const decideOffer = ({ saleId, decision }: { saleId: number; decision: OfferDecision }) =>
  api.put<Sale>(`/sales/${saleId}/${decision}`);

/**
 * The offers list reloads afterwards (spec section 4); accepting sells the product, so every
 * product list and the seller's figures reload too.
 */
export const useDecideOffer = (productId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOffer,
    onSettled: async (_sale, _error, { decision }) => {
      await queryClient.invalidateQueries({ queryKey: ['sales', 'product', productId] });
      if (decision === 'accept') await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
};
