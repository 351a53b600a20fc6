import type { ChatUser } from '@unimercado/shared/chat';
import { MAX_PAGE_SIZE } from '@unimercado/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CHAT_KEY = ['chat'] as const;

/** Spec section 7: `GET /api/chat/users`, the people with a conversation, newest first. */
export const getChatUsers = () =>
  api.get<ChatUser[]>('/chat/users', { query: { page: 0, size: MAX_PAGE_SIZE } });

export const chatUsersQueryOptions = () =>
  queryOptions({ queryKey: [...CHAT_KEY, 'users'], queryFn: getChatUsers, staleTime: 0 });

export const useChatUsers = () => useQuery(chatUsersQueryOptions());
