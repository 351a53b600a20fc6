import type { LoginBody } from '@unimercado/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { Session } from '@/lib/session';
import { parseLoginResponse } from '../utils/parse-login-response';

export const login = async (body: LoginBody): Promise<Session> => {
  // Wrong credentials are a 400 with the error body (decision 038): a 401 only ever means that a
  // session is over, here as anywhere.
  const data = await api.post<unknown>('/auth/login', body);
  return parseLoginResponse(data);
};

export const useLogin = () => {
  const { signIn } = useAuth();
  return useMutation({ mutationFn: login, onSuccess: (session) => signIn(session) });
};
