import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { verificationStatusQueryOptions } from '../api/verification-status';
import { useVerifyEmail } from '../api/verify-email';
import { getVerifyErrorKind, getVerifyErrorMessage } from '../utils/error-messages';
import { AuthCard } from './auth-card';
import { ResendVerificationForm } from './resend-verification-form';

/** /verify-email?token=...: verifying, success, or error (expired offers a resend form). */
export const VerifyEmail = ({ token }: { token: string | null }) => {
  const verification = useVerifyEmail(token);
  const { user, updateUser } = useAuth();
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
    return (
      <AuthCard
        title="Verificando tu email..."
        icon={<CircularProgress size={32} aria-label="Verificando" />}
      >
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          Esto solo tomará un momento.
        </Typography>
      </AuthCard>
    );
  }

  if (token && verification.isSuccess) {
    return (
      <AuthCard title="¡Verificación exitosa!" icon={<CheckCircleOutlineIcon />} tone="success">
        <Stack spacing={2.5}>
          <Alert severity="success">{verification.data?.message ?? AUTH_MESSAGES.verified}</Alert>
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

  const message = token ? getVerifyErrorMessage(verification.error) : AUTH_MESSAGES.tokenMissing;
  const isExpired = token !== null && getVerifyErrorKind(verification.error) === 'expired';

  return (
    <AuthCard title="Error de verificación" icon={<ErrorOutlineIcon />} maxWidth="sm" tone="error">
      <Stack spacing={2.5}>
        <Alert severity="error" role="alert">
          {message}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {token && (
            <Button variant="outlined" fullWidth onClick={() => void verification.refetch()}>
              Intentar verificar de nuevo
            </Button>
          )}
          <Button component={RouterLink} to={paths.login} variant="contained" fullWidth>
            Volver al login
          </Button>
        </Stack>
        {isExpired && (
          <Box>
            <Divider sx={{ mb: 2.5 }} />
            <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
              Reenviar verificación
            </Typography>
            <ResendVerificationForm defaultEmail={user?.email ?? ''} />
          </Box>
        )}
      </Stack>
    </AuthCard>
  );
};
