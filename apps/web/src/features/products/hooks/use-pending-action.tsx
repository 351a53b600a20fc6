import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { PRODUCTS_TEXT } from '../messages';

/**
 * Favourite, offer and contact until their features land (trade and real-time issues): signed
 * out, they send the visitor to /login and back here afterwards (spec section 6); signed in, they
 * say 'Próximamente'. Pages pass the real handlers instead once those exist.
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

  const feedback = (
    <Snackbar
      open={message !== null}
      message={message}
      autoHideDuration={2500}
      onClose={() => setMessage(null)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 88, md: 24 } }}
    />
  );
  return { run, feedback, notify: setMessage };
};
