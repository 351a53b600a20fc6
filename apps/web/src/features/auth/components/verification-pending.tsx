import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmailAddress } from '@/components/text/email-address';
import { paths } from '@/config/paths';
import { lazyPart } from '@/lib/lazy-part';
import { AuthCard } from './auth-card';

// Opened on request: its field (MUI's TextField) loads then (decision 051's JS budget).
const ResendVerificationForm = lazyPart(
  'resend-verification-form',
  async () => (await import('./resend-verification-form')).ResendVerificationForm,
);

export const REGISTERED_TITLE = '¡Registro exitoso!';

/**
 * The registration's message starts with the title the page already shows: it is said once.
 */
const withoutTitle = (message: string) =>
  message.startsWith(REGISTERED_TITLE) ? message.slice(REGISTERED_TITLE.length).trim() : message;

/**
 * Where the verification email went, a resend form and the way back to login. '¡Registro
 * exitoso!' only right after a registration (which passes `message`); opened any other way, the
 * page just says to verify the email.
 */
export const VerificationPending = ({
  email,
  message,
}: {
  email: string;
  message: string | null;
}) => {
  const [isResendOpen, setIsResendOpen] = useState(false);
  const isAfterRegistration = message !== null;
  const rest = message ? withoutTitle(message) : '';
  return (
    <AuthCard
      icon={<MarkEmailReadOutlinedIcon />}
      title={isAfterRegistration ? REGISTERED_TITLE : 'Verifica tu email'}
      maxWidth="sm"
    >
      <Stack spacing={2.5}>
        {rest && <Alert severity="success">{rest}</Alert>}
        {email ? (
          <Typography component="div" sx={{ textAlign: 'center' }}>
            <Box component="p" sx={{ m: 0 }}>
              Enviamos un email de verificación a{' '}
              <EmailAddress email={email} sx={{ fontWeight: 700, color: 'primary.main' }} />
            </Box>
            <Box component="p" sx={{ m: 0, mt: 1 }}>
              Abre el enlace del correo para activar tu cuenta.
            </Box>
          </Typography>
        ) : (
          <Typography sx={{ textAlign: 'center' }}>
            Te enviamos un email de verificación. Abre el enlace del correo para activar tu cuenta.
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          ¿No lo encuentras? Revisa la carpeta de spam o solicita un nuevo enlace.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant="outlined"
            fullWidth
            onClick={() => setIsResendOpen((open) => !open)}
            aria-expanded={isResendOpen}
          >
            Reenviar verificación
          </Button>
          <Button component={RouterLink} to={paths.login} variant="contained" fullWidth>
            Volver al login
          </Button>
        </Stack>
        <Collapse in={isResendOpen} unmountOnExit>
          <Divider sx={{ mb: 2.5 }} />
          <Suspense fallback={null}>
            <ResendVerificationForm defaultEmail={email} />
          </Suspense>
        </Collapse>
      </Stack>
    </AuthCard>
  );
};
