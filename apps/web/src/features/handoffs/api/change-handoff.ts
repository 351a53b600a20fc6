import type { CancelHandoffInput, Handoff } from '@unimercado/shared/schemas/handoffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { HANDOFFS_KEY } from './get-handoffs';

/** `POST /api/handoffs/{id}/confirm`: the buyer received it, or the seller handed it over. */
export const confirmHandoff = (id: number) => api.post<Handoff>(`/handoffs/${id}/confirm`);

/** `POST /api/handoffs/{id}/cancel` with a reason and an optional note. */
export const cancelHandoff = ({ id, ...body }: CancelHandoffInput & { id: number }) =>
  api.post<Handoff>(`/handoffs/${id}/cancel`, body);

/**
 * After either, the hand-offs, the purchases ('Mis Compras') and every product list (the
 * 'Reservado' chip, a cancelled product available again) reload.
 */
const useHandoffMutation = <T>(mutationFn: (input: T) => Promise<Handoff>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all(
        [HANDOFFS_KEY, ['sales'], ['products']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};

export const useConfirmHandoff = () => useHandoffMutation(confirmHandoff);
export const useCancelHandoff = () => useHandoffMutation(cancelHandoff);
