import { z } from 'zod';
import { MAX_ID } from './constants';

/**
 * STOMP destinations both sides use (architecture.md, "Real-time chat"). Routing is by user id;
 * a client subscribes to its own queues only.
 */
export const DESTINATIONS = {
  /** SEND: a private chat message `{ senderId, receiverId, content, timestamp }`. */
  chatPrivate: '/app/chat.private',
  /** SUBSCRIBE: the connected user's incoming (and echoed own) chat messages (Spring's form). */
  userMessages: '/user/queue/messages',
  /** SUBSCRIBE: the connected user's notifications, pushed live after their transaction commits. */
  userNotifications: '/user/queue/notifications',
  /** SUBSCRIBE: refusals of the connected user's own SENDs (`chatErrorSchema`), Spring's form. */
  userErrors: '/user/queue/errors',
} as const;
export type Destination = (typeof DESTINATIONS)[keyof typeof DESTINATIONS];

/** The user queues and the name of each in `/user/{username}/queue/{name}`. */
export const USER_QUEUES = {
  messages: DESTINATIONS.userMessages,
  notifications: DESTINATIONS.userNotifications,
  errors: DESTINATIONS.userErrors,
} as const;
export type UserQueue = keyof typeof USER_QUEUES;

/** Limits of the chat (spec section 9 and architecture.md, "Real-time chat"). */
export const CHAT_LIMITS = {
  /** Characters of one message (the column holds 2000). */
  messageMaxLength: 2000,
  /** Bytes of one STOMP frame, headers included. */
  frameMaxBytes: 8 * 1024,
} as const;

/** Client timings of spec section 9. */
export const CHAT_TIMINGS = {
  /** A temporary (not yet confirmed) message is dropped after this long... */
  temporaryLifetimeMs: 10_000,
  /** ...checked this often. */
  temporarySweepMs: 5_000,
  /** Same content and parties within this window is the same message. */
  duplicateWindowMs: 5_000,
  /** Reconnection: at most this many attempts, then it gives up. */
  reconnectMaxAttempts: 5,
  /** Attempt n waits reconnectInitialDelayMs * 2^(n-1), capped at reconnectMaxDelayMs. */
  reconnectInitialDelayMs: 1_000,
  reconnectMaxDelayMs: 30_000,
  /** The seed client's STOMP `reconnectDelay` (decision 022: our schedule replaces it). */
  reconnectBaseDelayMs: 5_000,
} as const;

/** Spanish texts both sides show for chat refusals (spec section 8 where it gives one). */
export const CHAT_MESSAGES = {
  blank: 'El mensaje no puede estar vacío.',
  tooLong: `El mensaje no puede tener más de ${CHAT_LIMITS.messageMaxLength} caracteres.`,
  toSelf: 'No puedes enviarte mensajes a ti mismo.',
  receiverNotFound: 'El destinatario no existe.',
  senderMismatch: 'El remitente del mensaje no coincide con tu sesión.',
  notifyMessage: (name: string) => `Has recibido un mensaje de ${name}`,
} as const;

const idField = z.coerce.number().int().positive().max(MAX_ID);

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
  senderId: idField.nullish(),
  receiverId: idField,
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
  userId: idField,
  /** Cursor: only messages with a smaller id (the last id of the previous page). */
  before: idField.optional(),
  size: z.coerce.number().int().min(1).max(100).default(30),
});
export type ChatMessagesQuery = z.input<typeof chatMessagesQuerySchema>;

/** Header naming the cursor of the next (older) page of `GET /api/chat/messages`. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

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
