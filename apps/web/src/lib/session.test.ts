// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasAnyRole, parseStoredSession, toSessionUser } from './session';

describe('toSessionUser', () => {
  it('takes role from the first of roles', () => {
    const user = toSessionUser({
      id: 3,
      name: 'Ana',
      email: 'a@uni.edu',
      roles: ['ROLE_ADMIN', 'ROLE_USER'],
      verified: true,
    });
    expect(user).toEqual({
      id: 3,
      name: 'Ana',
      email: 'a@uni.edu',
      roles: ['ROLE_ADMIN', 'ROLE_USER'],
      role: 'ROLE_ADMIN',
      verified: true,
    });
  });
  it("defaults role to 'USER' when roles is empty or missing", () => {
    expect(toSessionUser({ id: 1, roles: [] }).role).toBe('USER');
    expect(toSessionUser({ id: 1 }).role).toBe('USER');
    expect(toSessionUser({ id: 1 }).verified).toBe(false);
  });
});

describe('parseStoredSession', () => {
  const user = JSON.stringify({
    id: 5,
    name: 'Ana',
    email: 'a@uni.edu',
    roles: ['ROLE_USER'],
    role: 'ROLE_USER',
    verified: false,
  });

  it('is signed in when both items exist and the user parses', () => {
    const { session, corrupt } = parseStoredSession('tok', user);
    expect(corrupt).toBe(false);
    expect(session?.token).toBe('tok');
    expect(session?.user.id).toBe(5);
    expect(session?.user.role).toBe('ROLE_USER');
  });

  it('is signed out, not corrupt, when an item is missing', () => {
    expect(parseStoredSession(null, user)).toEqual({ session: null, corrupt: false });
    expect(parseStoredSession('tok', null)).toEqual({ session: null, corrupt: false });
  });

  it('flags unparsable or id-less user data as corrupt', () => {
    expect(parseStoredSession('tok', '{not json')).toEqual({ session: null, corrupt: true });
    expect(parseStoredSession('tok', '"texto"')).toEqual({ session: null, corrupt: true });
    expect(parseStoredSession('tok', JSON.stringify({ name: 'Sin id' }))).toEqual({
      session: null,
      corrupt: true,
    });
  });
});

describe('hasAnyRole', () => {
  it('matches any of the user roles', () => {
    const admin = toSessionUser({ id: 1, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect(hasAnyRole(admin, ['ROLE_ADMIN'])).toBe(true);
    expect(hasAnyRole(toSessionUser({ id: 2, roles: ['ROLE_USER'] }), ['ROLE_ADMIN'])).toBe(false);
    expect(hasAnyRole(null, ['ROLE_USER'])).toBe(false);
  });
});
