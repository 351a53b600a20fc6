import { z } from 'zod';
import { idSchema, paginationQuerySchema } from './common';

/** architecture.md, API contract: `{ id, rating, comment, productId, reviewerId, revieweeId, createdAt }`. */
export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  productId: z.number().int(),
  reviewerId: z.number().int(),
  revieweeId: z.number().int(),
  createdAt: z.string().describe('ISO-8601, UTC'),
});
export type Review = z.infer<typeof reviewSchema>;

export const REVIEW_MESSAGES = {
  listNeedsUser: 'Indica revieweeId o reviewerId.',
} as const;

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
