import { z } from 'zod';
import { idSchema, paginationQuerySchema } from './common';

export {
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
} from './trade-messages';
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_MESSAGES,
} from './trade-messages';

/** architecture.md, API contract: `{ id, rating, comment, productId, reviewerId, revieweeId, createdAt }`. */
export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  productId: z.number().int(),
  reviewerId: z.number().int(),
  /** The reviewer's name ('Usuario eliminado' for a deleted account). */
  reviewerName: z.string(),
  revieweeId: z.number().int(),
  createdAt: z.string().describe('ISO-8601, UTC'),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * `POST /api/reviews` (spec section 7: rating, comment, productId, reviewerId, revieweeId). The
 * reviewer is the caller and the reviewee the product's seller: ids naming anyone else are a 403.
 */
export const createReviewBodySchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(RATING_MIN, REVIEW_MESSAGES.ratingRequired)
    .max(RATING_MAX, REVIEW_MESSAGES.ratingRequired),
  comment: z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong)),
  productId: idSchema,
  reviewerId: idSchema.nullish(),
  revieweeId: idSchema.nullish(),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;
export type CreateReviewInput = z.output<typeof createReviewBodySchema>;

/** `GET /api/reviews?revieweeId=` (received) or `?reviewerId=` (written), newest first. */
export const reviewListQuerySchema = paginationQuerySchema
  .extend({
    revieweeId: idSchema.optional(),
    reviewerId: idSchema.optional(),
  })
  .refine((query) => query.revieweeId !== undefined || query.reviewerId !== undefined, {
    message: REVIEW_MESSAGES.listNeedsUser,
    path: ['revieweeId'],
  });
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;
