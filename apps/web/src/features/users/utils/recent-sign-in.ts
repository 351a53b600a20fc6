import { RECENT_SIGN_IN_MINUTES } from '@unimercado/shared/constants';

/** When the session last proved the password: the token's `auth_time` (seconds), if readable. */
export const readSignInTime = (token: string | null): number | null => {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const authTime = (JSON.parse(json) as { auth_time?: unknown }).auth_time;
    return typeof authTime === 'number' && Number.isFinite(authTime) ? authTime : null;
  } catch {
    return null;
  }
};

/** A minute of margin for clocks that disagree: the form asks a little early, never too late. */
const MARGIN_SECONDS = 60;

/**
 * Whether the server will accept a password or email change without the current password
 * (decision 010). Unknown counts as old: the form then asks for it.
 */
export const isRecentSignIn = (token: string | null, now = Date.now()) => {
  const signedInAt = readSignInTime(token);
  if (signedInAt === null) return false;
  return now / 1000 - signedInAt < RECENT_SIGN_IN_MINUTES * 60 - MARGIN_SECONDS;
};
