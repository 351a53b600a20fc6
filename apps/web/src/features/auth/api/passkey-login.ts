import type { RequestOptions } from '@unimercado/shared/schemas/passkeys';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { Session } from '@/lib/session';
import { parseLoginResponse } from '../utils/parse-login-response';

/**
 * Signs in with a passkey (decision 067): a challenge bound to this browser, the browser's
 * answer, the same session answer as the password's. The WebAuthn library is loaded on the
 * click only, so the login page's first render does not carry it (scripts/budget.mjs).
 */
export const loginWithPasskey = async (): Promise<Session> => {
  const [options, { startAuthentication }] = await Promise.all([
    api.post<RequestOptions>('/auth/passkeys/options'),
    import('@simplewebauthn/browser'),
  ]);
  const response = await startAuthentication({
    optionsJSON: options,
  });
  const data = await api.post<unknown>('/auth/passkeys/login', { response });
  return parseLoginResponse(data);
};

export const usePasskeyLogin = () => {
  const { signIn } = useAuth();
  return useMutation({ mutationFn: loginWithPasskey, onSuccess: (session) => signIn(session) });
};
