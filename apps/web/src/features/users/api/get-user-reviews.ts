import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@unimercado/shared/constants';
import type { Review } from '@unimercado/shared/schemas/reviews';
import { api, ApiError } from '@/lib/api-client';

export type ReceivedReview = Review;

export const reviewerFallbackName = (reviewerId: number) => `Usuario #${reviewerId}`;

/**
 * Reviews a user received, newest first, each with its reviewer's name as the server sends it
 * (one request), or 'Usuario #{id}' (spec section 2) when it has none. A 404 (a server without
 * the reviews endpoint) means "no reviews". The newest page only: without `size` the server
 * answers the whole list (decision 039).
 */
export const getReceivedReviews = async (revieweeId: number): Promise<ReceivedReview[]> => {
  let reviews: Review[];
  try {
    const data = await api.get<Review[]>('/reviews', {
      query: { revieweeId, page: 0, size: PAGE_SIZE },
    });
    reviews = Array.isArray(data) ? data : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
  return reviews
    .map((review) => ({
      ...review,
      reviewerName: review.reviewerName?.trim() || reviewerFallbackName(review.reviewerId),
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
};

export const receivedReviewsQueryOptions = (revieweeId: number) =>
  queryOptions({
    queryKey: ['reviews', { revieweeId }],
    queryFn: () => getReceivedReviews(revieweeId),
  });

export const useReceivedReviews = (revieweeId: number) =>
  useQuery(receivedReviewsQueryOptions(revieweeId));
