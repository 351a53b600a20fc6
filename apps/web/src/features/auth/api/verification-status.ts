import type { MessageResponse } from '@unimercado/shared/schemas/common';
import type { VerificationStatus } from '@unimercado/shared/schemas/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getVerificationStatus = () => api.get<VerificationStatus>('/auth/verification-status');

export const verificationStatusQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'verification-status'], queryFn: getVerificationStatus });

export const useVerificationStatus = () => useQuery(verificationStatusQueryOptions());

export const requestVerification = () =>
  api.post<MessageResponse | null>('/auth/request-verification');

/** Asks for a new verification email, then reloads the status (spec section 4). */
export const useRequestVerification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestVerification,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: verificationStatusQueryOptions().queryKey }),
  });
};
