import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmailAddress } from '@/components/text/email-address';
import { paths } from '@/config/paths';
import { ApiError, toUserMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { lazyPart } from '@/lib/lazy-part';
import { verificationStatusQueryOptions } from '../api/verification-status';
import { useVerifyEmail, useVerifyEmailWithPassword } from '../api/verify-email';
import { useEndSessionOf } from '../hooks/use-end-session-of';
import { getVerifyErrorKind, getVerifyErrorMessage, isLinkError } from '../utils/error-messages';
import { AuthCard, AuthLoadingCard } from './auth-card';

// The forms show only for some outcomes of the link (an admin's first password, a failed link):
// their fields (MUI's TextField) load then, not with the page (decision 051's JS budget).
const NewPasswordForm = lazyPart(
  'new-password-form',
  async () => (await import('./new-password-form')).NewPasswordForm,
);
const ResendVerificationForm = lazyPart(
  'resend-verification-form',
  async () => (await import('./resend-verification-form')).ResendVerificationForm,
);

const passwordRequiredEmail = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.code !== 'PASSWORD_REQUIRED') return null;
  const email = (error.details as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
};

/** Signed in, the way on is the app; signed out, the login (spec: 'Ir al login'). */
const OnwardButton = ({ isSignedIn, label }: { isSignedIn: boolean; label: string }) => (
  <Button
    component={RouterLink}
    to={isSignedIn ? paths.products : paths.login}
    variant="contained"
    size="large"
    fullWidth
  >
    {isSignedIn ? 'Continuar' : label}
  </Button>
);

const Success = ({ message, isSignedIn }: { message: string; isSignedIn: boolean }) => (
  <AuthCard title="¡Verificación exitosa!" icon={<CheckCircleOutlineIcon />} tone="success">
    <Stack spacing={2.5}>
      <Alert severity="success">{message}</Alert>
      <OnwardButton isSignedIn={isSignedIn} label="Ir al login" />
    </Stack>
  </AuthCard>
);

/**
 * /verify-email?token=...: verifying, success, or error. Any failed link offers the resend form;
 * an ADMIN_EMAILS address first chooses its password (decision 010); signed in, the way on is
 * 'Continuar' instead of the login.
 */
export const VerifyEmail = ({ token }: { token: string | null }) => {
  const verification = useVerifyEmail(token);
  const withPassword = useVerifyEmailWithPassword();
  const { user, updateUser } = useAuth();
  const endSessionOf = useEndSessionOf();
  const queryClient = useQueryClient();
  const isVerified = verification.isSuccess;

  // A signed-in user who just verified sees the change at once (no stale 'no verificado' banner).
  // The link may be another account's (a shared computer), so ask the server about this one.
  useEffect(() => {
    if (!isVerified || !user || user.verified) return;
    queryClient
      .fetchQuery({ ...verificationStatusQueryOptions(), staleTime: 0 })
      .then((status) => {
        if (status.verified) updateUser({ verified: true });
      })
      .catch(() => undefined);
  }, [isVerified, user, updateUser, queryClient]);

  if (token && (verification.isPending || verification.isFetching)) {
    return <AuthLoadingCard title="Verificando tu email..." label="Verificando" />;
  }

  if (token && verification.isSuccess) {
    return (
      <Success
        message={verification.data?.message ?? AUTH_MESSAGES.verified}
        isSignedIn={Boolean(user)}
      />
    );
  }

  const adminEmail = token ? passwordRequiredEmail(verification.error) : null;
  if (token && adminEmail !== null && !(withPassword.isError && isLinkError(withPassword.error))) {
    if (withPassword.isSuccess) {
      return (
        <Success
          message={withPassword.data?.message ?? AUTH_MESSAGES.verifiedWithPassword}
          isSignedIn={Boolean(user)}
        />
      );
    }
    return (
      <AuthCard title="Protege tu cuenta" icon={<AdminPanelSettingsOutlinedIcon />} maxWidth="sm">
        <Stack spacing={2.5}>
          <Typography sx={{ textAlign: 'center' }}>{AUTH_MESSAGES.passwordRequired}</Typography>
          {adminEmail && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              Cuenta: <EmailAddress email={adminEmail} sx={{ fontWeight: 600 }} />. Con esta
              contraseña, y solo con ella, se podrá entrar a la cuenta.
            </Typography>
          )}
          <Suspense fallback={null}>
            <NewPasswordForm
              ariaLabel="Contraseña de la cuenta"
              submitLabel="Verificar y guardar contraseña"
              pendingLabel="Guardando..."
              isPending={withPassword.isPending}
              error={
                withPassword.isError
                  ? toUserMessage(withPassword.error, AUTH_MESSAGES.tokenInvalid)
                  : null
              }
              onSubmit={(choice) =>
                withPassword.mutate(
                  { token, ...choice },
                  { onSuccess: () => endSessionOf(adminEmail) },
                )
              }
            />
          </Suspense>
        </Stack>
      </AuthCard>
    );
  }

  const error = withPassword.isError ? withPassword.error : verification.error;
  const message = token ? getVerifyErrorMessage(error) : AUTH_MESSAGES.tokenMissing;
  // Any link that failed offers a new one (a verified member has nothing to ask for).
  const canResend = (!token || isLinkError(error)) && !user?.verified;
  // A used link stays used: trying it again could only say so again (decision 038).
  const canRetry = Boolean(token) && getVerifyErrorKind(error) !== 'used';

  return (
    <AuthCard title="Error de verificación" icon={<ErrorOutlineIcon />} maxWidth="sm" tone="error">
      <Stack spacing={2.5}>
        <Alert severity="error" role="alert">
          {message}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {canRetry && (
            <Button
              variant="outlined"
              fullWidth
              onClick={() => {
                withPassword.reset();
                void verification.refetch();
              }}
            >
              Intentar verificar de nuevo
            </Button>
          )}
          <OnwardButton isSignedIn={Boolean(user)} label="Volver al login" />
        </Stack>
        {canResend && (
          <Box>
            <Divider sx={{ mb: 2.5 }} />
            <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
              Reenviar verificación
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Te enviaremos un enlace nuevo; los anteriores dejarán de funcionar.
            </Typography>
            <Suspense fallback={null}>
              <ResendVerificationForm defaultEmail={user?.email ?? ''} />
            </Suspense>
          </Box>
        )}
      </Stack>
    </AuthCard>
  );
};
