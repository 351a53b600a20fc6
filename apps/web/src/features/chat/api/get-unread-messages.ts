import type { UnreadMessages } from '@unimercado/shared/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHAT_KEY } from './get-chat-users';

export const UNREAD_MESSAGES_KEY = [...CHAT_KEY, 'unread'] as const;

/** `GET /api/chat/unread`: the chat icon's badge (issue 18). */
export const unreadMessagesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...UNREAD_MESSAGES_KEY, userId],
    queryFn: ({ signal }) => api.get<UnreadMessages>('/chat/unread', { signal }),
  });

/** Unread messages of the signed-in user (0 when signed out or not known yet). */
export const useUnreadMessageCount = (userId: number | null) => {
  const unread = useQuery({
    ...unreadMessagesQueryOptions(userId ?? 0),
    enabled: userId !== null,
  });
  return userId === null ? 0 : (unread.data?.unread ?? 0);
};
