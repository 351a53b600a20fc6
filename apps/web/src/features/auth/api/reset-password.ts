import type { ResetPasswordBody, ResetPasswordStatus } from '@unimercado/shared/schemas/auth';
import type { MessageResponse } from '@unimercado/shared/schemas/common';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getResetPasswordStatus = (token: string) =>
  api.get<ResetPasswordStatus>('/auth/reset-password', { query: { token } });

/** Is the emailed link still good, and for which address: asked once, never retried. */
export const resetPasswordStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-password', token],
    queryFn: () => getResetPasswordStatus(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useResetPasswordStatus = (token: string | null) =>
  useQuery({ ...resetPasswordStatusQueryOptions(token ?? ''), enabled: Boolean(token) });

/** Sets the new password; every session of the account ends (the caller signs out locally). */
export const resetPassword = (body: ResetPasswordBody) =>
  api.post<MessageResponse>('/auth/reset-password', body, { skipUnauthorizedHandling: true });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
