import { describe, expect, it } from 'vitest';
import { isRecentSignIn, readSignInTime } from './recent-sign-in';

const tokenWith = (claims: Record<string, unknown>) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.firma`;

describe('recent sign-in', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const seconds = now / 1000;

  it('reads auth_time from the token', () => {
    expect(readSignInTime(tokenWith({ auth_time: seconds - 5, name: 'Ñandú ü' }))).toBe(
      seconds - 5,
    );
    expect(readSignInTime(tokenWith({ id: 1 }))).toBeNull();
    expect(readSignInTime('no-es-un-token')).toBeNull();
    expect(readSignInTime(null)).toBeNull();
  });

  it('is recent for nine minutes, not at ten, and never when unknown', () => {
    expect(isRecentSignIn(tokenWith({ auth_time: seconds - 8 * 60 }), now)).toBe(true);
    expect(isRecentSignIn(tokenWith({ auth_time: seconds - 9.5 * 60 }), now)).toBe(false);
    expect(isRecentSignIn(tokenWith({ auth_time: seconds - 11 * 60 }), now)).toBe(false);
    expect(isRecentSignIn(tokenWith({}), now)).toBe(false);
  });
});
