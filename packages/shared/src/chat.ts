import { z } from 'zod';
import { CHAT_LIMITS } from './chat-constants';
import { idSchema, paginationQuerySchema } from './schemas/common';
import { meetupSchema } from './schemas/meetups';

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
  /**
   * A meet-up proposal this message carries (decision 083); `content` says the same in words for
   * clients that do not know it.
   */
  meetup: meetupSchema.optional(),
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

/**
 * `GET /api/chat/users`: a person the caller has a conversation with, or (without
 * `scope=conversations`) another verified member they may write to for the first time.
 */
export const chatUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /**
   * A conversation partner's address, for a verified caller. Empty for everyone else: a deleted
   * account, a member without a conversation (the list is no address book), an unverified caller.
   */
  email: z.string(),
  /** Null for a member without a conversation yet. */
  lastMessage: chatMessageSchema.nullable(),
  unreadCount: z.number().int(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** Who `GET /api/chat/users` lists (decision 040). */
export const CHAT_USER_SCOPES = ['all', 'conversations'] as const;

/**
 * `GET /api/chat/users`: by default (`all`, what the spec's client needs to write to a seller for
 * the first time) the conversation partners, newest first, then the other verified members, those
 * with the newest available listings first; `conversations`: the partners only (our chat list).
 * Without `size`, up to LIST_CAP.
 */
export const chatUsersQuerySchema = paginationQuerySchema.extend({
  scope: z.enum(CHAT_USER_SCOPES).default('all'),
});
export type ChatUsersQuery = z.output<typeof chatUsersQuerySchema>;

export const chatMessagesQuerySchema = z.object({
  userId: idSchema,
  /** Cursor: only messages with a smaller id (the last id of the previous page). */
  before: idSchema.optional(),
  size: paginationQuerySchema.shape.size,
});
export type ChatMessagesQuery = z.input<typeof chatMessagesQuerySchema>;

export const markReadResponseSchema = z.object({ updated: z.number().int() });

/** `GET /api/chat/unread`: the chat icon's badge (unread messages, from how many people). */
export const unreadMessagesSchema = z.object({
  unread: z.number().int(),
  conversations: z.number().int(),
});
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/** A refusal of one SEND, delivered to `/user/queue/errors`. */
export const chatErrorSchema = z.object({
  code: z.string(),
  error: z.string(),
  message: z.string(),
  /** The `receipt` header of the refused SEND, when it had one. */
  receiptId: z.string().optional(),
});
export type ChatError = z.infer<typeof chatErrorSchema>;
