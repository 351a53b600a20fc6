import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getLocationSuggestions = (text: string, signal?: AbortSignal) =>
  api.get<string[]>('/products/locations', { query: { q: text.trim() }, signal });

export const locationSuggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['products', 'locations', text.trim().toLowerCase()],
    queryFn: ({ signal }) => getLocationSuggestions(text, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** Campus places already used in listings, most frequent first (as the seller types). */
export const useLocationSuggestions = (text: string, enabled = true) =>
  useQuery({ ...locationSuggestionsQueryOptions(text), enabled });
