import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ChatPreferences = {
  unreadDigest: boolean;
  meetupReminderEmail: boolean;
  listingExpiryEmail: boolean;
};

const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'preferences'],
    queryFn: () => api.get<ChatPreferences>('/chat/preferences'),
  });

export const useChatPreferences = () => useQuery(preferencesQueryOptions());

export const useUpdateChatPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    /** A setting left out stays as it is. */
    mutationFn: (preferences: Partial<ChatPreferences>) =>
      api.put<ChatPreferences>('/chat/preferences', preferences),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryOptions().queryKey, saved),
  });
};
