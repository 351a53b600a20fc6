import CloseIcon from '@mui/icons-material/Close';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A gentle reminder for signed-in users whose email is not verified (spec sections 2 and 6:
 * they can use the app, verification is needed for all features and can be done from the profile).
 * One line on a phone (the long sentence from 600px up); not on the verification pages or the
 * profile, which say it themselves (issue 7).
 */
const DISMISSED_KEY = 'unverified-notice-dismissed';

export const UNVERIFIED_NOTICE_HIDDEN_ON: readonly string[] = [
  paths.profile,
  paths.verifyEmail,
  paths.verificationPending,
];

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
    <Box
      role="note"
      aria-label="Correo sin verificar"
      sx={{
        maxWidth: 1200,
        width: '100%',
        mx: 'auto',
        px: { xs: 1, sm: 3 },
        pt: { xs: 1, sm: 2 },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: 44,
          pl: 1.5,
          borderRadius: 2,
          bgcolor: '#ece6fb',
          color: '#2e1065',
          fontSize: '0.875rem',
        }}
      >
        <MarkEmailUnreadOutlinedIcon fontSize="small" sx={{ color: 'primary.main' }} />
        <Box
          component="p"
          sx={{
            m: 0,
            flex: 1,
            minWidth: 0,
            whiteSpace: { xs: 'nowrap', sm: 'normal' },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            py: { sm: 1 },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            Verifica tu correo desde tu{' '}
          </Box>
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Tu correo aún no está verificado. Puedes usar la aplicación, pero necesitas verificarlo
            para acceder a todas las funciones. Puedes hacerlo más tarde desde tu{' '}
          </Box>
          <Box
            component={RouterLink}
            to={paths.profile}
            sx={{ color: 'primary.dark', fontWeight: 600 }}
          >
            perfil
          </Box>
          .
        </Box>
        <IconButton aria-label="Ocultar aviso" onClick={dismiss} size="small" sx={{ m: 0.25 }}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
};
