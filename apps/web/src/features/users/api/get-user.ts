import type { User } from '@unimercado/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getUser = (id: number) => api.get<User>(`/users/${id}`);

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['users', id], queryFn: () => getUser(id) });

export const useUser = (id: number | null) =>
  useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
