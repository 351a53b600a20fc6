import type { MessageResponse } from '@unimercado/shared/schemas/common';
import type { PasswordChoice } from '@unimercado/shared/schemas/users';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const verifyEmail = (token: string) =>
  api.post<MessageResponse | null>('/auth/verify-email', undefined, { query: { token } });

/**
 * Verification runs as a query keyed by the token, so React StrictMode's double effect (and any
 * remount) shares one POST instead of sending the single-use token twice and turning a success
 * into 'ya ha sido utilizado'. It is never retried or refetched on its own.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export const useVerifyEmail = (token: string | null) =>
  useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });

/**
 * An ADMIN_EMAILS address: the same link verifies and chooses the password (decision 010). Every
 * session of the account ends, so the caller signs out locally.
 */
export const verifyEmailWithPassword = ({ token, ...choice }: { token: string } & PasswordChoice) =>
  api.post<MessageResponse | null>('/auth/verify-email', choice, {
    query: { token },
    skipUnauthorizedHandling: true,
  });

export const useVerifyEmailWithPassword = () =>
  useMutation({ mutationFn: verifyEmailWithPassword });
