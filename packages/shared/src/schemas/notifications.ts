import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '../constants';
import { idSchema, paginationQuerySchema } from './common';

export { NOTIFICATIONS_PAGE_SIZE };

export const NOTIFICATION_MESSAGES = {
  messageRequired: 'El mensaje de la notificación es obligatorio.',
  messageTooLong: 'El mensaje de la notificación no puede tener más de 500 caracteres.',
  notOwner: 'Solo puedes ver y marcar tus propias notificaciones.',
  notFound: 'La notificación no existe.',
  forOthers:
    'No puedes crear notificaciones para otros usuarios: el servidor avisa de los mensajes y las ofertas.',
} as const;

/** architecture.md, API contract: `{ id, userId, typeId, message, read, createdAt }`. */
export const notificationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** 1 new chat message, 2 offer answered, 3 new offer (spec sections 3 and 9). */
  typeId: z.number().int(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string().describe('ISO-8601, UTC'),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: the caller's own (a `userId` naming someone else is 403). */
export const notificationsQuerySchema = paginationQuerySchema.extend({
  userId: idSchema.optional(),
  /** `true` read only, `false` unread only; absent: both. */
  read: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

/** `GET /api/notifications/count`: what the bell and the page header show. */
export const notificationCountsSchema = z.object({
  unread: z.number().int(),
  read: z.number().int(),
});
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

/**
 * `POST /api/notifications` (spec section 7, "notification fields"). See decision 023: it never
 * writes to someone else; for another user it only recognises the echo of an event the server
 * already notified (and answers that notification).
 */
export const createNotificationBodySchema = z.object({
  userId: idSchema.nullish(),
  typeId: z.coerce.number().int().min(1).max(3),
  message: z
    .string({ error: NOTIFICATION_MESSAGES.messageRequired })
    .trim()
    .min(1, NOTIFICATION_MESSAGES.messageRequired)
    .max(500, NOTIFICATION_MESSAGES.messageTooLong),
  read: z.boolean().optional(),
});
export type CreateNotificationBody = z.input<typeof createNotificationBodySchema>;

/**
 * The answer to `POST /api/notifications` for someone else (the echo of an event the server
 * already notified): only what the caller sent, so it tells nothing of the receiver's
 * notification (its id, text, time, or whether it was read).
 */
export const notificationEchoSchema = z.object({
  userId: z.number().int(),
  typeId: z.number().int(),
  message: z.string(),
  read: z.boolean().optional(),
});
export type NotificationEcho = z.infer<typeof notificationEchoSchema>;
