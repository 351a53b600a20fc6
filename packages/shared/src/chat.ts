import { z } from 'zod';
import { CHAT_LIMITS } from './chat-constants';
import { idSchema, paginationQuerySchema } from './schemas/common';

export * from './chat-constants';

/** A stored chat message (architecture.md: `{ id, senderId, receiverId, content, createdAt }`). */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  content: z.string(),
  createdAt: z.string().describe('ISO-8601, UTC'),
  /** The same instant as `createdAt`: spec clients read `timestamp` on real-time messages. */
  timestamp: z.string().describe('ISO-8601, UTC (same as createdAt)'),
  /** Whether the receiver has read it. */
  read: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * `SEND /app/chat.private` body. `senderId` is optional and must be the connected user (the
 * server is the authority); `timestamp` is the client's and only informative.
 */
export const sendChatMessageSchema = z.object({
  senderId: idSchema.nullish(),
  receiverId: idSchema,
  content: z.string().max(CHAT_LIMITS.messageMaxLength * 2),
  timestamp: z.string().max(64).nullish(),
});
export type SendChatMessage = z.infer<typeof sendChatMessageSchema>;

/** `GET /api/chat/users`: a person the caller has a conversation with. */
export const chatUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Empty for a deleted account or when the caller may not see addresses (unverified). */
  email: z.string(),
  lastMessage: chatMessageSchema.nullable(),
  unreadCount: z.number().int(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatMessagesQuerySchema = z.object({
  userId: idSchema,
  /** Cursor: only messages with a smaller id (the last id of the previous page). */
  before: idSchema.optional(),
  size: paginationQuerySchema.shape.size,
});
export type ChatMessagesQuery = z.input<typeof chatMessagesQuerySchema>;

export const markReadResponseSchema = z.object({ updated: z.number().int() });

/** A refusal of one SEND, delivered to `/user/queue/errors`. */
export const chatErrorSchema = z.object({
  code: z.string(),
  error: z.string(),
  message: z.string(),
  /** The `receipt` header of the refused SEND, when it had one. */
  receiptId: z.string().optional(),
});
export type ChatError = z.infer<typeof chatErrorSchema>;
