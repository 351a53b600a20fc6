import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { useState, type FormEvent } from 'react';
import { toUserMessage } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { RESEND_FALLBACK_MESSAGE } from '../utils/error-messages';
import { TextField } from '@/components/form/text-field';

/** Email field + 'Enviar' ('Enviando...'): asks for a new verification link (spec section 2). */
export const ResendVerificationForm = ({ defaultEmail = '' }: { defaultEmail?: string }) => {
  const [email, setEmail] = useState(defaultEmail);
  const [validationError, setValidationError] = useState<string | null>(null);
  const resend = useResendVerification();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setValidationError(AUTH_MESSAGES.resendEmailRequired);
      return;
    }
    setValidationError(null);
    resend.mutate(trimmed);
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={handleSubmit}
      spacing={2}
      aria-label="Reenviar verificación"
    >
      {resend.isSuccess && (
        <Alert severity="success" role="status">
          {AUTH_MESSAGES.resendSuccess}
        </Alert>
      )}
      {(validationError ?? resend.isError) && (
        <Alert severity="error" role="alert">
          {validationError ?? toUserMessage(resend.error, RESEND_FALLBACK_MESSAGE)}
        </Alert>
      )}
      <TextField
        label="Correo Electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(validationError)}
      />
      <Button type="submit" variant="contained" disabled={resend.isPending} fullWidth>
        {resend.isPending ? 'Enviando...' : 'Enviar'}
      </Button>
    </Stack>
  );
};
