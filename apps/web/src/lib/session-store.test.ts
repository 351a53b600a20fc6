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
});
