import type { UpdateUserResponse } from '@unimercado/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { userQueryOptions } from './get-user';

/** Body of `PUT /api/users/{id}` (spec section 7): blank password and phone are sent as null. */
export type UpdateUserPayload = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  password: string | null;
  /** Needed for a new password or email unless the sign-in is recent (decision 010). */
  currentPassword?: string | null;
};

/** Answers the updated user plus a fresh token (a password change revokes the older ones). */
export const updateUser = (payload: UpdateUserPayload) =>
  api.put<UpdateUserResponse>(`/users/${payload.id}`, payload);

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  const { user: sessionUser, token, signIn } = useAuth();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ token: freshToken, ...user }, payload) => {
      // Store the fresh token before anything refetches: the old one may be revoked already.
      // A changed email is unverified again, so the session's flag follows the answer.
      if (sessionUser?.id === user.id && token) {
        signIn({
          token: freshToken || token,
          user: { ...sessionUser, name: user.name, email: user.email, verified: user.verified },
        });
      }
      queryClient.setQueryData(userQueryOptions(payload.id).queryKey, user);
      return queryClient.invalidateQueries({ queryKey: ['users', payload.id] });
    },
  });
};
