import { DESTINATIONS } from '@unimercado/shared/chat-constants';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { useRealtimeSubscription } from '@/lib/realtime';
import { HANDOFFS_KEY, useOpenHandoffs, type HandoffFilter } from '../api/get-handoffs';
import { HANDOFF_TEXTS } from '../messages';
import type { HandoffListProps } from './handoff-list';

// The cards' code (dialogs, accordion) loads only for a member with a hand-off open (JS budget).
const HandoffList = lazy(async () => ({
  default: (await import('./handoff-list')).HandoffList,
}));

/**
 * An accepted offer, a confirmation or a cancellation by the other side is notified live as an
 * answered offer (typeId 2, decision 075): the cards reload.
 */
const useLiveHandoffs = () => {
  const queryClient = useQueryClient();
  const onNotification = useCallback(
    (body: unknown) => {
      const typeId =
        typeof body === 'object' && body !== null ? (body as { typeId?: unknown }).typeId : null;
      if (typeId === NOTIFICATION_TYPES.offerAnswered) {
        void queryClient.invalidateQueries({ queryKey: HANDOFFS_KEY });
      }
    },
    [queryClient],
  );
  useRealtimeSubscription(DESTINATIONS.userNotifications, onNotification);
};

/**
 * The hand-off cards where a member looks (issue 20): nothing while loading or when there are
 * none, so pages without a hand-off stay as they were.
 */
export const OpenHandoffs = ({
  role,
  partnerId,
  variant,
  onRate,
}: HandoffFilter & Omit<HandoffListProps, 'items'>) => {
  const handoffs = useOpenHandoffs({ role, partnerId });
  useLiveHandoffs();
  if (handoffs.isError && !handoffs.items) {
    return variant === 'section' ? (
      <ErrorAlert
        message={HANDOFF_TEXTS.loadError}
        onRetry={() => void handoffs.refetch()}
        isRetrying={handoffs.isFetching}
      />
    ) : null;
  }
  if (!handoffs.items || handoffs.items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <HandoffList items={handoffs.items} variant={variant} onRate={onRate} />
    </Suspense>
  );
};
