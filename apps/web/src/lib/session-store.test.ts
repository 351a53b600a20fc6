import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store';
import { toSessionUser } from './session';

describe('session store', () => {
  it('removes both items and stays signed out when the stored user is corrupt', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', '{roto');
    const store = createSessionStore();
    expect(store.getSnapshot()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('stores token and user on sign-in and clears both on sign-out', () => {
    const store = createSessionStore();
    const user = toSessionUser({
      id: 9,
      name: 'Leo',
      email: 'leo@uni.edu',
      roles: ['ROLE_USER'],
      verified: true,
    });
    store.signIn({ token: 'abc', user });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(createSessionStore().getSnapshot()?.user.id).toBe(9);
    store.signOut();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getSnapshot()).toBeNull();
  });

  it('notes an expired session only when a 401 ended one, until sign-in, sign-out or leaving', () => {
    const store = createSessionStore();
    const user = toSessionUser({ id: 3, name: 'Eva', email: 'eva@uni.edu', roles: [] });
    // A 401 to a call made without a session expired nothing.
    store.expire();
    expect(store.isExpired()).toBe(false);

    store.signIn({ token: 'abc', user });
    store.expire();
    expect(store.getSnapshot()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.isExpired()).toBe(true);
    // Later 401s of calls already in flight keep the note.
    store.expire();
    expect(store.isExpired()).toBe(true);
    store.forgetExpired();
    expect(store.isExpired()).toBe(false);

    store.signIn({ token: 'abc', user });
    store.expire();
    store.signIn({ token: 'def', user });
    expect(store.isExpired()).toBe(false);
    store.expire();
    store.signOut();
    expect(store.isExpired()).toBe(false);
  });
});
