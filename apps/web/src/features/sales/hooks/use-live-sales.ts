import { DESTINATIONS } from '@unimercado/shared/chat-constants';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeSubscription } from '@/lib/realtime';

/**
 * While a trade screen is open, the notifications pushed live reload what they announce: a new
 * offer (typeId 3) the seller's offers, an answered offer (typeId 2) the buyer's purchases and
 * the product lists (the product is sold).
 */
export const useLiveSales = () => {
  const queryClient = useQueryClient();
  const onNotification = useCallback(
    (body: unknown) => {
      const typeId =
        typeof body === 'object' && body !== null ? (body as { typeId?: unknown }).typeId : null;
      if (typeId === NOTIFICATION_TYPES.newOffer) {
        void queryClient.invalidateQueries({ queryKey: ['sales', 'product'] });
      } else if (typeId === NOTIFICATION_TYPES.offerAnswered) {
        void queryClient.invalidateQueries({ queryKey: ['sales', 'buyer'] });
        void queryClient.invalidateQueries({ queryKey: ['products'] });
      }
    },
    [queryClient],
  );
  useRealtimeSubscription(DESTINATIONS.userNotifications, onNotification);
};
