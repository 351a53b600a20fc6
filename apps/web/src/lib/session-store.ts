import { STORAGE_KEYS } from '@unimercado/shared/constants';
import { parseStoredSession, type Session, type SessionUser } from './session';

type Listener = () => void;

const safeStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * The one place that reads and writes the session in local storage. React subscribes through
 * useSyncExternalStore (lib/auth.tsx); the API client clears it on a 401.
 */
export const createSessionStore = () => {
  const listeners = new Set<Listener>();
  let current: Session | null = null;
  /**
   * The last session ended because a call found it over (a 401), and the person has not signed in
   * or left the login page since: the login page says so (decision 038).
   */
  let expired = false;

  const readFromStorage = (): Session | null => {
    const storage = safeStorage();
    if (!storage) return null;
    const { session, corrupt } = parseStoredSession(
      storage.getItem(STORAGE_KEYS.token),
      storage.getItem(STORAGE_KEYS.user),
    );
    if (corrupt) {
      // Spec section 4: corrupt user data is removed silently and the visitor stays signed out.
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.user);
    }
    return session;
  };

  const emit = () => {
    for (const listener of listeners) listener();
  };

  current = readFromStorage();

  return {
    getSnapshot: (): Session | null => current,
    getToken: (): string | null => current?.token ?? null,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Re-reads local storage (another tab signed in or out). */
    reload: () => {
      current = readFromStorage();
      expired = false;
      emit();
    },
    isExpired: (): boolean => expired,
    signIn: (session: Session) => {
      const storage = safeStorage();
      storage?.setItem(STORAGE_KEYS.token, session.token);
      storage?.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
      current = session;
      expired = false;
      emit();
    },
    updateUser: (changes: Partial<Omit<SessionUser, 'id'>>) => {
      if (!current) return;
      const user = { ...current.user, ...changes };
      safeStorage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      current = { ...current, user };
      emit();
    },
    signOut: () => {
      const storage = safeStorage();
      storage?.removeItem(STORAGE_KEYS.token);
      storage?.removeItem(STORAGE_KEYS.user);
      if (current === null && !expired) return;
      current = null;
      expired = false;
      emit();
    },
    /**
     * A call answered 401 (spec section 4): the session is cleared, and noted as expired when there
     * was one (a call made without a session expired nothing).
     */
    expire: () => {
      const storage = safeStorage();
      storage?.removeItem(STORAGE_KEYS.token);
      storage?.removeItem(STORAGE_KEYS.user);
      if (current === null) return;
      current = null;
      expired = true;
      emit();
    },
    /** The person left the login page without signing in: the note has been seen. */
    forgetExpired: () => {
      if (!expired) return;
      expired = false;
      emit();
    },
  };
};

export type SessionStore = ReturnType<typeof createSessionStore>;

let store: SessionStore | null = null;

/** The app-wide store, created on first use so tests can seed local storage first. */
export const getSessionStore = (): SessionStore => {
  store ??= createSessionStore();
  return store;
};

/** Tests only: forget the store so the next getSessionStore() reads local storage again. */
export const resetSessionStore = () => {
  store = null;
};
