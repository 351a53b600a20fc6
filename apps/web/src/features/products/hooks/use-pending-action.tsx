import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { NoticeSnackbar } from '../components/notice-snackbar';
import { PRODUCTS_TEXT } from '../messages';

/**
 * Favourite and offer until their feature lands (the trade issue): signed out, they send the
 * visitor to /login and back here afterwards (spec section 6); signed in, they say
 * 'Próximamente'. Pages pass the real handlers instead once those exist.
 */
export const usePendingAction = () => {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(null);

  const run = useCallback(() => {
    if (!isAuthenticated) {
      void navigate(paths.login, { state: { from: location } });
      return;
    }
    setMessage(PRODUCTS_TEXT.comingSoon);
  }, [isAuthenticated, navigate, location]);

  const feedback = <NoticeSnackbar message={message} onClose={() => setMessage(null)} />;
  return { run, feedback, notify: setMessage };
};
