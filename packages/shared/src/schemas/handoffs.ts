import { z } from 'zod';
import { paginationQuerySchema } from './common';
import { meetupSchema } from './meetups';
import { productSchema } from './products';
import {
  HANDOFF_CANCEL_NOTE_MAX_LENGTH,
  HANDOFF_CANCEL_REASONS,
  HANDOFF_MESSAGES,
  HANDOFF_STATES,
} from './handoff-messages';

export * from './handoff-messages';

/** `POST /api/handoffs/{id}/cancel`. */
export const cancelHandoffBodySchema = z.object({
  reason: z.enum(HANDOFF_CANCEL_REASONS, { message: HANDOFF_MESSAGES.reasonRequired }),
  note: z
    .string()
    .trim()
    .max(HANDOFF_CANCEL_NOTE_MAX_LENGTH, HANDOFF_MESSAGES.noteTooLong)
    .optional(),
});
export type CancelHandoffInput = z.output<typeof cancelHandoffBodySchema>;

const partySchema = z.object({ id: z.number().int(), name: z.string() });

/** One hand-off as its buyer or seller sees it; `id` is the accepted offer's id. */
export const handoffSchema = z.object({
  id: z.number().int(),
  state: z.enum(HANDOFF_STATES),
  /** Which side the caller is on. */
  role: z.enum(['buyer', 'seller']),
  price: z.number(),
  product: productSchema,
  buyer: partySchema,
  seller: partySchema,
  acceptedAt: z.string().nullable(),
  sellerConfirmedAt: z.string().nullable(),
  /** When an unanswered seller confirmation completes the hand-off on its own. */
  completesAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledById: z.number().int().nullable(),
  cancelReason: z.enum(HANDOFF_CANCEL_REASONS).nullable(),
  cancelNote: z.string().nullable(),
  /** The accepted meet-up proposal (decision 083), or null. */
  meetup: meetupSchema.nullable(),
  /** The proposal waiting for an answer, or null. */
  pendingMeetup: meetupSchema.nullable(),
  /** The buyer has reviewed the seller for it (reviews open when it completes). */
  isReviewed: z.boolean(),
});
export type Handoff = z.infer<typeof handoffSchema>;

/** `GET /api/handoffs`: the caller's hand-offs, newest first; `?state=` narrows them. */
export const handoffListQuerySchema = paginationQuerySchema.extend({
  state: z.enum(HANDOFF_STATES).optional(),
});
export type HandoffListQuery = z.output<typeof handoffListQuerySchema>;

/** `GET /api/handoffs/no-shows` (admins): members others reported as not showing up. */
export const noShowSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  count: z.number().int(),
  lastAt: z.string(),
});
export type NoShow = z.infer<typeof noShowSchema>;
