import type { User } from '@unimercado/shared/schemas/users';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, getPage } from '@/lib/api-client';

export const adminUsersKey = ['admin', 'users'] as const;

export const getUsers = ({ page, size }: { page: number; size: number }) =>
  getPage<User>('/users', { query: { page, size } });

export const usersQueryOptions = (page: number, size: number) =>
  queryOptions({
    queryKey: [...adminUsersKey, { page, size }],
    queryFn: () => getUsers({ page, size }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, size: number) => useQuery(usersQueryOptions(page, size));

export const deleteUser = (id: number) => api.delete<null>(`/users/${id}`);

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
};
