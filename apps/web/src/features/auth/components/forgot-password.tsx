import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_RESET_TOKEN_TTL_MINUTES } from '@unimercado/shared/constants';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { EMAIL_PATTERN, USER_MESSAGES } from '@unimercado/shared/schemas/user-messages';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmailAddress } from '@/components/text/email-address';
import { paths } from '@/config/paths';
import { toUserMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/forgot-password';
import { FORGOT_FALLBACK_MESSAGE } from '../utils/error-messages';
import { AuthCard, TOUCH_LINK_SX } from './auth-card';
import { TextField } from '@/components/form/text-field';

const emailError = (email: string) => {
  if (!email) return AUTH_MESSAGES.resendEmailRequired;
  if (!EMAIL_PATTERN.test(email)) return USER_MESSAGES.emailInvalid;
  return null;
};

const BackToLogin = () => (
  <Typography variant="body2" sx={{ textAlign: 'center' }}>
    <Link component={RouterLink} to={paths.login} sx={TOUCH_LINK_SX}>
      Volver al login
    </Link>
  </Typography>
);

/**
 * /forgot-password: asks for the account's email and sends a reset link. The answer is the same
 * whether or not the address has an account, so the page never says which (decision 010).
 */
export const ForgotPassword = ({ defaultEmail = '' }: { defaultEmail?: string }) => {
  const [email, setEmail] = useState(defaultEmail);
  const [validationError, setValidationError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = emailError(trimmed.toLowerCase());
    setValidationError(problem);
    if (!problem) request.mutate(trimmed);
  };

  if (request.isSuccess) {
    return (
      <AuthCard icon={<MarkEmailReadOutlinedIcon />} title="Revisa tu correo" tone="success">
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {request.data.message || AUTH_MESSAGES.forgotSuccess}
          </Alert>
          <Typography component="div" sx={{ textAlign: 'center' }}>
            <Box component="p" sx={{ m: 0 }}>
              Dirección indicada:{' '}
              <EmailAddress
                email={request.variables}
                sx={{ fontWeight: 600, color: 'primary.main' }}
              />
            </Box>
            <Box component="p" sx={{ m: 0, mt: 1 }}>
              El enlace vence en {PASSWORD_RESET_TOKEN_TTL_MINUTES} minutos y solo sirve una vez.
            </Box>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            ¿No llega? Revisa la carpeta de spam o vuelve a pedirlo en unos minutos.
          </Typography>
          <Button
            variant="outlined"
            fullWidth
            onClick={() => request.reset()}
            sx={{ minHeight: 44 }}
          >
            Usar otro correo
          </Button>
          <BackToLogin />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle="Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva."
    >
      <Stack
        component="form"
        noValidate
        onSubmit={handleSubmit}
        spacing={2.5}
        aria-label="Pedir un enlace para restablecer la contraseña"
      >
        {(validationError ?? request.isError) && (
          <Alert severity="error" role="alert">
            {validationError ?? toUserMessage(request.error, FORGOT_FALLBACK_MESSAGE)}
          </Alert>
        )}
        <TextField
          label="Correo Electrónico"
          name="email"
          type="email"
          autoComplete="email"
          slotProps={{ htmlInput: { inputMode: 'email' } }}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(validationError)}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={request.isPending}
          fullWidth
        >
          {request.isPending ? 'Enviando...' : 'Enviar enlace'}
        </Button>
        <BackToLogin />
      </Stack>
    </AuthCard>
  );
};
