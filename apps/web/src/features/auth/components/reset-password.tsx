import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { Link as RouterLink } from 'react-router';
import { EmailAddress } from '@/components/text/email-address';
import { paths } from '@/config/paths';
import { toUserMessage } from '@/lib/api-client';
import { useResetPassword, useResetPasswordStatus } from '../api/reset-password';
import { useEndSessionOf } from '../hooks/use-end-session-of';
import { isLinkError, RESET_FALLBACK_MESSAGE } from '../utils/error-messages';
import { AuthCard, AuthLoadingCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';

const LinkError = ({ message }: { message: string }) => (
  <AuthCard title="No se pudo usar el enlace" icon={<ErrorOutlineIcon />} tone="error">
    <Stack spacing={2.5}>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
      <Button
        component={RouterLink}
        to={paths.forgotPassword}
        variant="contained"
        size="large"
        fullWidth
      >
        Solicitar un nuevo enlace
      </Button>
      <Button component={RouterLink} to={paths.login} variant="outlined" fullWidth>
        Volver al login
      </Button>
    </Stack>
  </AuthCard>
);

/**
 * /reset-password?token=...: checks the emailed link, then asks for the new password (the
 * registration's rules). Afterwards every session of the account has ended, this browser's too.
 */
export const ResetPassword = ({ token }: { token: string | null }) => {
  const status = useResetPasswordStatus(token);
  const reset = useResetPassword();
  const endSessionOf = useEndSessionOf();

  if (!token) return <LinkError message={AUTH_MESSAGES.resetTokenMissing} />;

  if (status.isPending) {
    return <AuthLoadingCard title="Comprobando el enlace..." label="Comprobando" />;
  }

  if (status.isError) {
    if (isLinkError(status.error)) {
      return <LinkError message={toUserMessage(status.error, AUTH_MESSAGES.resetTokenInvalid)} />;
    }
    return (
      <AuthCard title="No se pudo comprobar el enlace" icon={<ErrorOutlineIcon />} tone="error">
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {toUserMessage(status.error, RESET_FALLBACK_MESSAGE)}
          </Alert>
          <Button variant="contained" fullWidth onClick={() => void status.refetch()}>
            Reintentar
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (reset.isError && isLinkError(reset.error)) {
    return <LinkError message={toUserMessage(reset.error, AUTH_MESSAGES.resetTokenInvalid)} />;
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="¡Contraseña actualizada!" icon={<CheckCircleOutlineIcon />} tone="success">
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {reset.data.message || AUTH_MESSAGES.resetSuccess}
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            Por seguridad cerramos todas las sesiones abiertas de tu cuenta.
          </Typography>
          <Button
            component={RouterLink}
            to={paths.login}
            variant="contained"
            size="large"
            fullWidth
          >
            Ir al login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const { email } = status.data;
  return (
    <AuthCard
      title="Elige una nueva contraseña"
      icon={<LockResetOutlinedIcon />}
      subtitle={
        <>
          Para la cuenta <EmailAddress email={email} sx={{ fontWeight: 600 }} />
        </>
      }
    >
      <NewPasswordForm
        ariaLabel="Restablecer contraseña"
        submitLabel="Guardar contraseña"
        pendingLabel="Guardando..."
        isPending={reset.isPending}
        error={reset.isError ? toUserMessage(reset.error, RESET_FALLBACK_MESSAGE) : null}
        onSubmit={(choice) =>
          reset.mutate({ token, ...choice }, { onSuccess: () => endSessionOf(email) })
        }
      />
    </AuthCard>
  );
};
