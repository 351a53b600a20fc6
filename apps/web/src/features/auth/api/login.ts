import type { LoginBody } from '@unimercado/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { Session } from '@/lib/session';
import { parseLoginResponse } from '../utils/parse-login-response';

export const login = async (body: LoginBody): Promise<Session> => {
  // A 401 here means wrong credentials, not an expired session.
  const data = await api.post<unknown>('/auth/login', body, { skipUnauthorizedHandling: true });
  return parseLoginResponse(data);
};

export const useLogin = () => {
  const { signIn } = useAuth();
  return useMutation({ mutationFn: login, onSuccess: (session) => signIn(session) });
};
