import type { HandoffState } from '@unimercado/shared/schemas/handoffs';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { HandoffView } from './types';

export const HANDOFFS_KEY = ['handoffs'] as const;

/** Hand-offs shown per state: a member has few open at once. */
const HANDOFFS_PAGE_SIZE = 50;

/** `GET /api/handoffs?state=`: the caller's, as buyer or seller, newest accepted first. */
export const getHandoffs = (state: HandoffState, signal?: AbortSignal) =>
  api.get<HandoffView[]>('/handoffs', { signal, query: { state, size: HANDOFFS_PAGE_SIZE } });

export const handoffsQueryOptions = (state: HandoffState) =>
  queryOptions({
    queryKey: [...HANDOFFS_KEY, state],
    queryFn: ({ signal }) => getHandoffs(state, signal),
  });

export type HandoffFilter = {
  role?: 'buyer' | 'seller' | undefined;
  /** Only those with this person on the other side (the conversation with them). */
  partnerId?: number | undefined;
};

const otherParty = (handoff: HandoffView) =>
  handoff.role === 'buyer' ? handoff.seller : handoff.buyer;

/**
 * The hand-offs a card is shown for: every reserved one, and for the buyer the completed ones
 * not yet reviewed (reviews open on completion). `items` is undefined while loading.
 */
export const useOpenHandoffs = ({ role, partnerId }: HandoffFilter) => {
  const [reserved, completed] = useQueries({
    queries: [handoffsQueryOptions('reserved'), handoffsQueryOptions('completed')],
  });
  const matches = (handoff: HandoffView) =>
    (role === undefined || handoff.role === role) &&
    (partnerId === undefined || otherParty(handoff).id === partnerId);
  const items =
    reserved.data && completed.data
      ? [
          ...reserved.data,
          ...completed.data.filter((h) => h.role === 'buyer' && !h.isReviewed),
        ].filter(matches)
      : undefined;
  return {
    items,
    isError: reserved.isError || completed.isError,
    isFetching: reserved.isFetching || completed.isFetching,
    refetch: () => Promise.all([reserved.refetch(), completed.refetch()]),
  };
};
