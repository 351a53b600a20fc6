import { api } from '@/lib/api-client';

/** Marks what `userId` sent the signed-in user as read. */
export const markConversationRead = (userId: number) =>
  api.put<{ updated: number }>('/chat/messages/read', undefined, { query: { userId } });
