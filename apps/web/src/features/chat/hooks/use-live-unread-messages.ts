import { DESTINATIONS } from '@unimercado/shared/chat-constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeSubscription } from '@/lib/realtime';
import { UNREAD_MESSAGES_KEY } from '../api/get-unread-messages';

/** A message to the signed-in user, on any page: the chat icon's count is asked for again. */
export const useLiveUnreadMessages = (userId: number) => {
  const queryClient = useQueryClient();
  const onMessage = useCallback(
    (body: unknown) => {
      if ((body as { receiverId?: unknown } | null)?.receiverId !== userId) return;
      void queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY });
    },
    [queryClient, userId],
  );
  useRealtimeSubscription(DESTINATIONS.userMessages, onMessage);
};
