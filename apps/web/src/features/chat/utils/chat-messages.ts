import type { ChatMessage } from '@unimercado/shared/chat';
import { CHAT_TIMINGS } from '@unimercado/shared/chat-constants';

/**
 * Messages on screen (spec sections 3 and 4): stored ones plus temporary ones shown the moment
 * they are sent, replaced when the real one arrives and dropped after 10 s.
 */
export type DisplayMessage = ChatMessage & {
  /** Client-side only: sent but not yet confirmed by the server. */
  temporary?: boolean;
  /** When this client created the temporary message (ms). */
  sentAt?: number;
};

let temporarySequence = 0;

export const createTemporaryMessage = (
  input: { senderId: number; receiverId: number; content: string },
  now: number,
): DisplayMessage => {
  temporarySequence += 1;
  const timestamp = new Date(now).toISOString();
  return {
    // Negative ids never collide with the server's.
    id: -(now * 1000 + (temporarySequence % 1000)),
    ...input,
    createdAt: timestamp,
    timestamp,
    read: false,
    temporary: true,
    sentAt: now,
  };
};

const sameParties = (a: ChatMessage, b: ChatMessage) =>
  a.senderId === b.senderId && a.receiverId === b.receiverId && a.content === b.content;

const timeOf = (message: ChatMessage) => new Date(message.createdAt).getTime();

/** Spec section 4: the same id, or the same content and parties within 5 s, is a duplicate. */
export const isDuplicate = (list: readonly DisplayMessage[], incoming: ChatMessage): boolean =>
  list.some(
    (message) =>
      !message.temporary &&
      (message.id === incoming.id ||
        (sameParties(message, incoming) &&
          Math.abs(timeOf(message) - timeOf(incoming)) <= CHAT_TIMINGS.duplicateWindowMs)),
  );

const byTime = (a: DisplayMessage, b: DisplayMessage) =>
  timeOf(a) - timeOf(b) || (a.temporary ? 1 : 0) - (b.temporary ? 1 : 0) || a.id - b.id;

/**
 * A message from the server: it replaces the oldest temporary one with the same content, sender
 * and receiver; a duplicate is ignored; otherwise it joins the list in time order.
 */
export const receiveMessage = (
  list: readonly DisplayMessage[],
  incoming: ChatMessage,
): DisplayMessage[] => {
  // A meet-up proposal's message comes again when its state changes (decision 083).
  if (incoming.meetup && list.some((message) => message.id === incoming.id)) {
    return list.map((message) => (message.id === incoming.id ? incoming : message));
  }
  if (isDuplicate(list, incoming)) return list as DisplayMessage[];
  const temporaryIndex = list.findIndex(
    (message) => message.temporary && sameParties(message, incoming),
  );
  const rest = temporaryIndex >= 0 ? list.filter((_, index) => index !== temporaryIndex) : list;
  return [...rest, incoming].sort(byTime);
};

/** Adds a temporary message (shown at once, in time order). */
export const addTemporary = (
  list: readonly DisplayMessage[],
  message: DisplayMessage,
): DisplayMessage[] => [...list, message].sort(byTime);

/** Spec section 4: temporary messages older than 10 s are dropped (checked every 5 s). */
export const expireTemporary = (
  list: readonly DisplayMessage[],
  now: number,
): { list: DisplayMessage[]; expired: DisplayMessage[] } => {
  const expired = list.filter(
    (message) =>
      message.temporary && now - (message.sentAt ?? 0) > CHAT_TIMINGS.temporaryLifetimeMs,
  );
  if (expired.length === 0) return { list: list as DisplayMessage[], expired };
  return { list: list.filter((message) => !expired.includes(message)), expired };
};

/** Drops one temporary message (the server refused it). */
export const removeMessage = (list: readonly DisplayMessage[], id: number) =>
  list.filter((message) => message.id !== id);

/**
 * The history in reading order (oldest first, as the server answers) and the live list, merged
 * oldest first without duplicates.
 */
export const mergeHistory = (
  history: readonly ChatMessage[],
  live: readonly DisplayMessage[],
): DisplayMessage[] => {
  const seen = new Set<number>();
  const merged: DisplayMessage[] = [];
  for (const message of history) {
    if (seen.has(message.id)) continue;
    seen.add(message.id);
    merged.push(message);
  }
  for (const message of live) {
    if (seen.has(message.id)) {
      // A live copy of a meet-up proposal is newer than the history's (its state changed).
      if (message.meetup) {
        const index = merged.findIndex((m) => m.id === message.id);
        if (index >= 0) merged[index] = message;
      }
      continue;
    }
    if (
      message.temporary &&
      merged.some(
        (m) =>
          sameParties(m, message) &&
          timeOf(m) >= (message.sentAt ?? 0) - CHAT_TIMINGS.duplicateWindowMs,
      )
    ) {
      continue;
    }
    seen.add(message.id);
    merged.push(message);
  }
  return merged.sort(byTime);
};
