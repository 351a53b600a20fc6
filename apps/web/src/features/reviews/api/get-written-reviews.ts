import { MAX_PAGE_SIZE } from '@unimercado/shared/constants';
import type { Review } from '@unimercado/shared/schemas/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/reviews?reviewerId=` (spec section 7): the reviews a user wrote; we read productId. */
export const getWrittenReviews = async (reviewerId: number, signal?: AbortSignal) => {
  const reviews = await api.get<Review[]>('/reviews', {
    query: { reviewerId, size: MAX_PAGE_SIZE },
    signal,
  });
  return Array.isArray(reviews) ? reviews : [];
};

export const writtenReviewsQueryOptions = (reviewerId: number) =>
  queryOptions({
    queryKey: ['reviews', { reviewerId }],
    queryFn: ({ signal }) => getWrittenReviews(reviewerId, signal),
  });

export const useWrittenReviews = (reviewerId: number) =>
  useQuery(writtenReviewsQueryOptions(reviewerId));
