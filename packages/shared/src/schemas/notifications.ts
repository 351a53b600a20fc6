import { z } from 'zod';

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
