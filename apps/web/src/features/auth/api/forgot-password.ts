import type { MessageResponse } from '@unimercado/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Always the same answer, whether or not the address has an account (decision 010). */
export const requestPasswordReset = (email: string) =>
  api.post<MessageResponse>('/auth/forgot-password', { email });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
