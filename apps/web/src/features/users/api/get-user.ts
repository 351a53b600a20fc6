import type { Profile } from '@unimercado/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Email and phone are null unless the viewer is the owner, an admin or verified (decision 012). */
export const getUser = (id: number) => api.get<Profile>(`/users/${id}`);

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['users', id], queryFn: () => getUser(id) });

export const useUser = (id: number | null) =>
  useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
