import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Container from '@mui/material/Container';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A gentle reminder for signed-in users whose email is not verified (spec sections 2 and 6:
 * they can use the app, verification is needed for all features and can be done from the profile).
 */
const DISMISSED_KEY = 'unverified-notice-dismissed';

const readDismissed = () => {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

export const UnverifiedNotice = () => {
  // Dismissed for this browser tab's session: it comes back on the next visit.
  const [isDismissed, setIsDismissed] = useState(readDismissed);
  const dismiss = () => {
    setIsDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage unavailable (private mode): dismissing still works for this page.
    }
  };
  if (isDismissed) return null;
  return (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      <Alert
        severity="info"
        icon={<MarkEmailUnreadOutlinedIcon />}
        onClose={dismiss}
        slotProps={{ closeButton: { 'aria-label': 'Ocultar aviso' } }}
        sx={{ alignItems: 'center' }}
      >
        Tu correo aún no está verificado. Puedes usar la aplicación, pero necesitas verificarlo para
        acceder a todas las funciones. Puedes hacerlo más tarde desde tu{' '}
        <Link component={RouterLink} to={paths.profile} sx={{ fontWeight: 600 }}>
          perfil
        </Link>
        .
      </Alert>
    </Container>
  );
};
