import type { BlockedUser } from '@unimercado/shared/schemas/safety';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const BLOCKS_KEY = ['blocks'] as const;

/** `GET /api/blocks`: the members the signed-in member blocked (decision 071). */
export const blockedUsersQueryOptions = () =>
  queryOptions({
    queryKey: BLOCKS_KEY,
    queryFn: ({ signal }) => api.get<BlockedUser[]>('/blocks', { signal }),
  });

export const useBlockedUsers = () => useQuery(blockedUsersQueryOptions());

/** `DELETE /api/blocks/:userId`; lists and search show that member's listings again. */
export const useUnblockUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete(`/blocks/${userId}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
};
