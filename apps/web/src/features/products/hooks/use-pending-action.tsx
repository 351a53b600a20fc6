import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/**
 * Favourite, offer and contact need a session: a visitor goes to /login and comes back here
 * afterwards (spec section 6). `requireSignIn(action)` wraps a handler that way.
 */
export const useRequireSignIn = () => {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  return useCallback(
    <A extends unknown[]>(action: (...args: A) => void) =>
      (...args: A) => {
        if (!isAuthenticated) {
          void navigate(paths.login, { state: { from: location } });
          return;
        }
        action(...args);
      },
    [isAuthenticated, navigate, location],
  );
};
