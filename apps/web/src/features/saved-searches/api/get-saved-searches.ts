import type { SavedSearch } from '@unimercado/shared/schemas/saved-searches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;

/** `GET /api/saved-searches`: the member's own, newest first, with their new-match counts. */
export const getSavedSearches = (signal?: AbortSignal) =>
  api.get<SavedSearch[]>('/saved-searches', { signal });

export const savedSearchesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...SAVED_SEARCHES_KEY, userId],
    queryFn: ({ signal }) => getSavedSearches(signal),
  });

export const useSavedSearches = (userId: number | null) =>
  useQuery({ ...savedSearchesQueryOptions(userId ?? 0), enabled: userId !== null });
