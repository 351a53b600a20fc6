import type { UserStats } from '@unimercado/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getUserStats = (id: number) => api.get<UserStats>(`/users/${id}/stats`);

export const userStatsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['users', id, 'stats'], queryFn: () => getUserStats(id) });

export const useUserStats = (id: number) => useQuery(userStatsQueryOptions(id));
