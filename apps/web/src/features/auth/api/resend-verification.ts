import type { MessageResponse } from '@unimercado/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const resendVerification = (email: string) =>
  api.post<MessageResponse | null>('/auth/resend-verification', undefined, { query: { email } });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
