import type { NoShow } from '@unimercado/shared/schemas/handoffs';
import type {
  ModerationActionBody,
  ModerationGroup,
  ModerationLogEntry,
} from '@unimercado/shared/schemas/safety';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const MODERATION_KEY = ['moderation'] as const;

/** `GET /api/moderation/reports`: open reports grouped by target, most reported first. */
export const moderationQueueQueryOptions = () =>
  queryOptions({
    queryKey: [...MODERATION_KEY, 'queue'],
    queryFn: ({ signal }) => api.get<ModerationGroup[]>('/moderation/reports', { signal }),
  });
export const useModerationQueue = () => useQuery(moderationQueueQueryOptions());

/** `GET /api/moderation/log`: the audit log, newest first. */
export const moderationLogQueryOptions = () =>
  queryOptions({
    queryKey: [...MODERATION_KEY, 'log'],
    queryFn: ({ signal }) => api.get<ModerationLogEntry[]>('/moderation/log', { signal }),
  });
export const useModerationLog = () => useQuery(moderationLogQueryOptions());

/** `GET /api/handoffs/no-shows`: members reported as not showing up, most first. */
export const noShowsQueryOptions = () =>
  queryOptions({
    queryKey: [...MODERATION_KEY, 'no-shows'],
    queryFn: ({ signal }) => api.get<NoShow[]>('/handoffs/no-shows', { signal }),
  });
export const useNoShows = () => useQuery(noShowsQueryOptions());

/** `POST /api/moderation/actions`: the queue and the log change; so may any product list. */
export const useModerationAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) =>
      api.post<ModerationLogEntry>('/moderation/actions', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MODERATION_KEY }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
};
