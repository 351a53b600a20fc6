import type { Session } from '@/lib/session';
import { toSessionUser } from '@/lib/session';

export const INVALID_TOKEN_MESSAGE = 'La respuesta del servidor no contiene un token válido';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns the login answer into a session. The id and roles come from the body (architecture.md,
 * "API contract"); an answer without a usable token or id is an error (spec section 5).
 */
export const parseLoginResponse = (data: unknown): Session => {
  if (!isRecord(data) || typeof data.token !== 'string' || data.token.trim() === '') {
    throw new Error(INVALID_TOKEN_MESSAGE);
  }
  if (typeof data.id !== 'number' || !Number.isInteger(data.id)) {
    throw new Error(INVALID_TOKEN_MESSAGE);
  }
  return {
    token: data.token,
    user: toSessionUser({
      id: data.id,
      name: typeof data.name === 'string' ? data.name : '',
      email: typeof data.email === 'string' ? data.email : '',
      roles: data.roles,
      verified: data.verified === true,
    }),
  };
};
