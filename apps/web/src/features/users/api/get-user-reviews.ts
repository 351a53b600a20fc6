import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { getUser } from './get-user';

/** Review of spec section 3. Not in packages/shared yet (the reviews issue adds it). */
export type Review = {
  id: number;
  rating: number;
  comment: string | null;
  productId: number;
  reviewerId: number;
  revieweeId: number;
  createdAt: string;
};

export type ReceivedReview = Review & { reviewerName: string };

export const reviewerFallbackName = (reviewerId: number) => `Usuario #${reviewerId}`;

/**
 * Reviews a user received, with each distinct reviewer's name looked up once and falling back to
 * 'Usuario #{id}' (spec section 2). Until the reviews endpoint exists a 404 means "no reviews".
 */
export const getReceivedReviews = async (revieweeId: number): Promise<ReceivedReview[]> => {
  let reviews: Review[];
  try {
    const data = await api.get<Review[]>('/reviews', { query: { revieweeId } });
    reviews = Array.isArray(data) ? data : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
  const reviewerIds = [...new Set(reviews.map((review) => review.reviewerId))];
  const names = new Map<number, string>();
  await Promise.all(
    reviewerIds.map(async (reviewerId) => {
      try {
        const reviewer = await getUser(reviewerId);
        if (reviewer.name) names.set(reviewerId, reviewer.name);
      } catch {
        // Deleted or unreadable reviewer: the fallback name is shown.
      }
    }),
  );
  return reviews
    .map((review) => ({
      ...review,
      reviewerName: names.get(review.reviewerId) ?? reviewerFallbackName(review.reviewerId),
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
