import { ROLE_ADMIN, STORAGE_KEYS } from '@unimercado/shared/constants';
import {
  createContext,
  use,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { hasRole, type Session, type SessionUser } from './session';
import { getSessionStore, type SessionStore } from './session-store';

export type AuthContextValue = {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  signIn: (session: Session) => void;
  signOut: () => void;
  updateUser: SessionStore['updateUser'];
  /** The session ended because a call found it over: the login page says so (decision 038). */
  hasSessionExpired: boolean;
  forgetSessionExpired: SessionStore['forgetExpired'];
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * `serverSession` is the session the server rendered the page with (from its session cookie, or
 * none): what the server's render and the browser's hydration read, so both draw the same top
 * bar; right after hydration React renders again with the session of this browser's storage when
 * it differs (useSyncExternalStore's server snapshot).
 */
export const AuthProvider = ({
  children,
  store = getSessionStore(),
  serverSession,
}: {
  children: ReactNode;
  store?: SessionStore;
  serverSession?: Session | null;
}) => {
  const session = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    serverSession === undefined ? store.getSnapshot : () => serverSession,
  );
  // The server never renders an expired session's notice: the browser's storage says so after.
  const hasSessionExpired = useSyncExternalStore(store.subscribe, store.isExpired, () => false);

  // Another tab signing in or out changes local storage: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (
        event.key === null ||
        event.key === STORAGE_KEYS.token ||
        event.key === STORAGE_KEYS.user
      ) {
        store.reload();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      isAuthenticated: session !== null,
      isAdmin: hasRole(session?.user ?? null, ROLE_ADMIN),
      signIn: store.signIn,
      signOut: store.signOut,
      updateUser: store.updateUser,
      hasSessionExpired,
      forgetSessionExpired: store.forgetExpired,
    }),
    [session, hasSessionExpired, store],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
};

export const AUTH_CONTEXT_ERROR = 'useAuth debe ser usado dentro de un AuthProvider';

export const useAuth = (): AuthContextValue => {
  const context = use(AuthContext);
  if (!context) throw new Error(AUTH_CONTEXT_ERROR);
  return context;
};
