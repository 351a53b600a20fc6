import { DESTINATIONS } from '@unimercado/shared/chat-constants';
import type { NotificationCounts } from '@unimercado/shared/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeSubscription } from '@/lib/realtime';
import { NOTIFICATIONS_KEY, notificationCountsQueryOptions } from '../api/get-notifications';

/**
 * Every notification is pushed to `/user/queue/notifications` after its transaction commits:
 * the bell lights up and the lists reload without a page reload.
 */
export const useLiveNotifications = (userId: number) => {
  const queryClient = useQueryClient();
  const onNotification = useCallback(
    (body: unknown) => {
      if (
        typeof body !== 'object' ||
        body === null ||
        (body as { userId?: unknown }).userId !== userId
      ) {
        return;
      }
      queryClient.setQueryData<NotificationCounts>(
        notificationCountsQueryOptions(userId).queryKey,
        (counts) => (counts ? { ...counts, unread: counts.unread + 1 } : counts),
      );
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
    [queryClient, userId],
  );
  useRealtimeSubscription(DESTINATIONS.userNotifications, onNotification);
};
