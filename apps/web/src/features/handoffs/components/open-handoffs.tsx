import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { lazy, Suspense } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { useReloadOnNotification } from '@/lib/realtime';
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
const RELOADED = { [NOTIFICATION_TYPES.offerAnswered]: [HANDOFFS_KEY] } as const;

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
  useReloadOnNotification(RELOADED);
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
