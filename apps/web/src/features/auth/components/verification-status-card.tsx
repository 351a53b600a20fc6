import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { useEffect } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { EmailAddress } from '@/components/text/email-address';
import { useAuth } from '@/lib/auth';
import { useRequestVerification, useVerificationStatus } from '../api/verification-status';
import {
  getVerificationErrorMessage,
  REQUEST_FALLBACK_MESSAGE,
  STATUS_FALLBACK_MESSAGE,
} from '../utils/error-messages';

/** Email verification status on the profile, with a request button and a status reload. */
export const VerificationStatusCard = () => {
  const status = useVerificationStatus();
  const request = useRequestVerification();
  const { user, updateUser } = useAuth();
  const isVerified = status.data?.verified === true;

  // Keep the session's flag (and the layout's reminder) in step with the server.
  useEffect(() => {
    if (status.isSuccess && user && user.verified !== status.data.verified) {
      updateUser({ verified: status.data.verified });
    }
  }, [status.isSuccess, status.data, user, updateUser]);

  return (
    <Card component="section" aria-labelledby="verification-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id="verification-title" variant="h6" component="h2">
            Verificación de email
          </Typography>
          {/* The browser's own tooltip, also while reloading: MUI's would weigh on the first render. */}
          <span title="Recargar estado">
            <IconButton
              aria-label="Recargar estado de verificación"
              onClick={() => void status.refetch()}
              disabled={status.isFetching}
            >
              <RefreshIcon />
            </IconButton>
          </span>
        </Box>

        {status.isPending && (
          <Stack spacing={1}>
            <Skeleton variant="rounded" width={160} height={32} sx={{ borderRadius: 4 }} />
            <Skeleton width="90%" />
          </Stack>
        )}

        {status.isError && (
          <ErrorAlert
            message={getVerificationErrorMessage(status.error, STATUS_FALLBACK_MESSAGE)}
            onRetry={() => void status.refetch()}
            isRetrying={status.isFetching}
          />
        )}

        {status.isSuccess && (
          <Stack spacing={2}>
            <Box>
              {isVerified ? (
                <Chip
                  icon={<VerifiedOutlinedIcon />}
                  label="Email verificado"
                  sx={{
                    bgcolor: '#e8f5e9',
                    color: '#1b5e20',
                    '& .MuiChip-icon': { color: '#2e7d32' },
                  }}
                />
              ) : (
                <Chip
                  icon={<MarkEmailUnreadOutlinedIcon />}
                  label="Email no verificado"
                  sx={{
                    bgcolor: '#fff3e0',
                    color: '#7a3e00',
                    '& .MuiChip-icon': { color: '#b25500' },
                  }}
                />
              )}
            </Box>
            <Typography color="text.secondary">
              {isVerified ? 'Tu correo ' : 'Verifica '}
              {status.data.email ? <EmailAddress email={status.data.email} /> : 'tu correo'}
              {isVerified
                ? ' está verificado. Tienes acceso a todas las funciones.'
                : ' para acceder a todas las funciones: publicar productos, hacer ofertas, chatear y calificar.'}
            </Typography>
            {request.isSuccess && (
              <Alert severity="success">
                {request.data?.message ?? AUTH_MESSAGES.requestSuccess}
              </Alert>
            )}
            {request.isError && (
              <Alert severity="error">
                {getVerificationErrorMessage(request.error, REQUEST_FALLBACK_MESSAGE)}
              </Alert>
            )}
            {!isVerified && (
              <Button
                variant="contained"
                onClick={() => request.mutate()}
                disabled={request.isPending}
                sx={{ alignSelf: { sm: 'flex-start' } }}
              >
                {request.isPending ? 'Enviando...' : 'Solicitar verificación'}
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
