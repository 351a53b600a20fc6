import type { ChatMessage } from '@unimercado/shared/chat';
import { NEXT_CURSOR_HEADER } from '@unimercado/shared/chat-constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const PAGE_SIZE = 30;

/**
 * Spec section 7: `GET /api/chat/messages?userId=`, a page of the newest messages in reading
 * order (oldest first); older pages by cursor (`before`, the page's oldest message).
 */
export const getChatMessages = async (userId: number, before: number | null) => {
  const { data, headers } = await apiRequest<ChatMessage[]>('/chat/messages', {
    query: { userId, before, size: PAGE_SIZE },
  });
  const next = headers.get(NEXT_CURSOR_HEADER);
  return { items: Array.isArray(data) ? data : [], nextCursor: next ? Number(next) : null };
};

export const chatMessagesQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: ['chat', 'messages', userId],
    queryFn: ({ pageParam }) => getChatMessages(userId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useChatMessages = (userId: number | null) =>
  useInfiniteQuery({ ...chatMessagesQueryOptions(userId ?? 0), enabled: userId !== null });
