import type {
  CreateSavedSearchBody,
  SavedSearch,
  UpdateSavedSearchBody,
} from '@unimercado/shared/schemas/saved-searches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SAVED_SEARCHES_KEY } from './get-saved-searches';

/** `POST /api/saved-searches`: the current search of /search, in one click. */
export const saveSearch = (body: CreateSavedSearchBody) =>
  api.post<SavedSearch>('/saved-searches', body);

/** `PATCH /api/saved-searches/{id}`: rename, pause or resume, email digest. */
export const updateSavedSearch = ({ id, ...body }: UpdateSavedSearchBody & { id: number }) =>
  api.patch<SavedSearch>(`/saved-searches/${id}`, body);

/** `POST /api/saved-searches/{id}/seen`: opening a search, its new listings are seen. */
export const markSavedSearchSeen = (id: number) =>
  api.post<SavedSearch>(`/saved-searches/${id}/seen`);

export const deleteSavedSearch = (id: number) => api.delete<null>(`/saved-searches/${id}`);

/** Every change refreshes the list of saved searches. */
const useSavedSearchMutation = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
};

export const useSaveSearch = () => useSavedSearchMutation(saveSearch);
export const useUpdateSavedSearch = () => useSavedSearchMutation(updateSavedSearch);
export const useMarkSavedSearchSeen = () => useSavedSearchMutation(markSavedSearchSeen);
export const useDeleteSavedSearch = () => useSavedSearchMutation(deleteSavedSearch);
