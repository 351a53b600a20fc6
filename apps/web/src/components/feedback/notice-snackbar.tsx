import { lazy, Suspense, useState } from 'react';

// MUI's Snackbar loads with the first notice, not with the page (issue 7's JS budget).
const Snackbar = lazy(() => import('@mui/material/Snackbar'));

/**
 * A short confirmation at the bottom, above the phone's bottom bar. Mounted from the first
 * message on, so later ones open and close with their transition.
 */
export const NoticeSnackbar = ({
  message,
  onClose,
  autoHideDuration = 2500,
}: {
  message: string | null;
  onClose: () => void;
  autoHideDuration?: number;
}) => {
  const [hasShown, setHasShown] = useState(false);
  if (message !== null && !hasShown) setHasShown(true);
  if (!hasShown && message === null) return null;
  return (
    <Suspense fallback={null}>
      <Snackbar
        open={message !== null}
        message={message}
        autoHideDuration={autoHideDuration}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 88, md: 24 } }}
      />
    </Suspense>
  );
};
