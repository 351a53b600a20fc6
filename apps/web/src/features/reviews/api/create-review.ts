import type { Review } from '@unimercado/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreateReviewInput = {
  rating: number;
  comment: string;
  productId: number;
  reviewerId: number;
  revieweeId: number;
};

/** `POST /api/reviews` (spec section 7): by the buyer of an accepted sale, about its seller. */
export const createReview = (input: CreateReviewInput) => api.post<Review>('/reviews', input);

/**
 * The buyer's purchases ('Ya calificado'), the seller's reviews and statistics change.
 */
export const useCreateReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: async (_review, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reviews'] }),
        queryClient.invalidateQueries({ queryKey: ['sales', 'buyer'] }),
        queryClient.invalidateQueries({ queryKey: ['users', input.revieweeId] }),
      ]);
    },
  });
};
