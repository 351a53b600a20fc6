import type { Role } from '@unimercado/shared/schemas/roles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminUsersKey } from './users';

export const getRoles = () => api.get<Role[]>('/roles');

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'roles'], queryFn: getRoles, staleTime: 5 * 60_000 });

export const useRoles = () => useQuery(rolesQueryOptions());

export const getUserRoles = (userId: number) => api.get<Role[]>(`/users/${userId}/roles`);

export const userRolesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['admin', 'user-roles', userId],
    queryFn: () => getUserRoles(userId),
    staleTime: 0,
  });

export const useUserRoles = (userId: number) => useQuery(userRolesQueryOptions(userId));

/** `POST /api/users/{id}/roles` with the array of role ids that replaces the user's roles. */
export const replaceUserRoles = ({ userId, roleIds }: { userId: number; roleIds: number[] }) =>
  api.post<unknown>(`/users/${userId}/roles`, roleIds);

export const useReplaceUserRoles = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceUserRoles,
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        queryClient.invalidateQueries({ queryKey: userRolesQueryOptions(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['users', userId] }),
      ]),
  });
};
