import type { User } from '@unimercado/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userQueryOptions } from './get-user';

/** Body of `PUT /api/users/{id}` (spec section 7): blank password and phone are sent as null. */
export type UpdateUserPayload = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  password: string | null;
};

export const updateUser = (payload: UpdateUserPayload) =>
  api.put<User>(`/users/${payload.id}`, payload);

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user, payload) => {
      queryClient.setQueryData(userQueryOptions(payload.id).queryKey, user);
      return queryClient.invalidateQueries({ queryKey: ['users', payload.id] });
    },
  });
};
