import { useSyncExternalStore } from 'react';

/** The unread count shown in front of every page title, e.g. '(3) Mensajes · UniMercado'. */
let count = 0;
const listeners = new Set<() => void>();

export const setTitleBadge = (next: number) => {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
};

export const useTitleBadge = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => count,
    () => count,
  );

export const withBadge = (title: string, unread: number) =>
  unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${title}` : title;
