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
} as const;
export type Destination = (typeof DESTINATIONS)[keyof typeof DESTINATIONS];
