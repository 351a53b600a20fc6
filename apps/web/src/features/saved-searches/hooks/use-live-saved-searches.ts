import { DESTINATIONS } from '@unimercado/shared/chat-constants';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeSubscription } from '@/lib/realtime';
import { SAVED_SEARCHES_KEY } from '../api/get-saved-searches';

/** While 'Mis búsquedas' is open, a saved-search alert pushed live reloads its counts. */
export const useLiveSavedSearches = () => {
  const queryClient = useQueryClient();
  const onNotification = useCallback(
    (body: unknown) => {
      const typeId =
        typeof body === 'object' && body !== null ? (body as { typeId?: unknown }).typeId : null;
      if (typeId === NOTIFICATION_TYPES.savedSearch) {
        void queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      }
    },
    [queryClient],
  );
  useRealtimeSubscription(DESTINATIONS.userNotifications, onNotification);
};
