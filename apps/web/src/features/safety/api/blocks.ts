import type { BlockedUser, BlockState } from '@unimercado/shared/schemas/safety';
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

/**
 * `GET /api/blocks/:userId`: whether the signed-in member blocked this one, and whether their
 * conversation is closed by a block either way (decision 081).
 */
export const blockStateQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...BLOCKS_KEY, 'state', userId],
    queryFn: ({ signal }) => api.get<BlockState>(`/blocks/${userId}`, { signal }),
  });

export const useBlockState = (userId: number) => useQuery(blockStateQueryOptions(userId));

/**
 * A block changes the list of blocked members, every block state, and the product lists and
 * favourites (a blocked seller's listings leave them).
 */
const useInvalidateBlocks = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
      queryClient.invalidateQueries({ queryKey: ['favorites'] }),
    ]);
};

/** `POST /api/blocks`: lists and search stop showing that member's listings. */
export const useBlockUser = () => {
  const invalidate = useInvalidateBlocks();
  return useMutation({
    mutationFn: (userId: number) => api.post<BlockedUser>('/blocks', { userId }),
    onSettled: invalidate,
  });
};

/** `DELETE /api/blocks/:userId`; lists and search show that member's listings again. */
export const useUnblockUser = () => {
  const invalidate = useInvalidateBlocks();
  return useMutation({
    mutationFn: (userId: number) => api.delete(`/blocks/${userId}`),
    onSettled: invalidate,
  });
};
