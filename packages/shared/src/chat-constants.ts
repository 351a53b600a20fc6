// No zod here (issue 7's JS budget): the chat's destinations, limits, timings and texts, which
// pages use without the message schemas. chat.ts re-exports them.

/**
 * STOMP destinations both sides use (architecture.md, "Real-time chat"). Routing is by user id;
 * a client subscribes to its own queues only.
 */
export const DESTINATIONS = {
  /** SEND: a private chat message `{ senderId, receiverId, content, timestamp }`. */
  chatPrivate: '/app/chat.private',
  /**
   * SEND: `{ partnerId, isFocused }`, the conversation the web client shows while it is visible,
   * repeated every CHAT_FOCUS_REFRESH_MS: no push for it meanwhile (decision 092).
   */
  chatFocus: '/app/chat.focus',
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
  removedByModeration: 'Mensaje eliminado por moderación.',
  blank: 'El mensaje no puede estar vacío.',
  tooLong: `El mensaje no puede tener más de ${CHAT_LIMITS.messageMaxLength} caracteres.`,
  toSelf: 'No puedes enviarte mensajes a ti mismo.',
  receiverNotFound: 'El destinatario no existe.',
  senderMismatch: 'El remitente del mensaje no coincide con tu sesión.',
  notifyMessage: (name: string) => `Has recibido un mensaje de ${name}`,
} as const;

/** Header naming the cursor of the next (older) page of `GET /api/chat/messages`. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
