import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from './auth-card';
import { ResendVerificationForm } from './resend-verification-form';

/** After registering: where the email went, a resend form and the way back to login. */
export const VerificationPending = ({
  email,
  message,
}: {
  email: string;
  message: string | null;
}) => {
  const [isResendOpen, setIsResendOpen] = useState(false);
  return (
    <AuthCard icon={<MarkEmailReadOutlinedIcon />} title="¡Registro exitoso!" maxWidth="sm">
      <Stack spacing={2.5}>
        {message && <Alert severity="success">{message}</Alert>}
        <Typography sx={{ textAlign: 'center' }}>
          {email ? (
            <>
              Enviamos un email de verificación a{' '}
              <Box component="strong" sx={{ wordBreak: 'break-all', color: 'primary.main' }}>
                {email}
              </Box>
              . Abre el enlace del correo para activar tu cuenta.
            </>
          ) : (
            'Te enviamos un email de verificación. Abre el enlace del correo para activar tu cuenta.'
          )}
        </Typography>
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
          <ResendVerificationForm defaultEmail={email} />
        </Collapse>
      </Stack>
    </AuthCard>
  );
};
