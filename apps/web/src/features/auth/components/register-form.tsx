import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REGISTER_MIN_COMPLETION } from '@unimercado/shared/constants';
import { USER_MESSAGES } from '@unimercado/shared/schemas/user-messages';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '@/components/form/form-text-field';
import { lazyResolver } from '@/components/form/lazy-resolver';
import { paths } from '@/config/paths';
import { TOUCH_LINK_SX } from './auth-card';
import { toUserMessage } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { REGISTER_FALLBACK_MESSAGE } from '../utils/error-messages';
import {
  getRegistrationCompletion,
  isRegistrationComplete,
} from '../utils/registration-completion';

import type { RegisterInput, RegisterOutput } from '../utils/register-validation';

// zod and the API's schema load after the first render (issue 7's JS budget).
const validation = lazyResolver(() =>
  import('../utils/register-validation').then((module) => module.registerResolver),
);

export const REGISTER_SUCCESS_MESSAGE =
  '¡Registro exitoso! Revisa tu email para verificar tu cuenta. Si no recibes el email, puedes solicitar un reenvío.';

export type VerificationPendingState = { email: string; message: string };

const FIELD_ORDER = ['name', 'email', 'phone', 'password', 'confirmPassword'] as const;

export const RegisterForm = () => {
  const register = useRegister();
  useEffect(() => validation.preload(), []);
  const navigate = useNavigate();
  const progressLabelId = useId();
  const { control, handleSubmit, formState } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const [name, email, phone, password, confirmPassword] = useWatch({
    control,
    name: ['name', 'email', 'phone', 'password', 'confirmPassword'],
  });
  const completion = getRegistrationCompletion({
    name,
    email,
    phone: phone ?? '',
    password,
    confirmPassword,
  });
  const canSubmit = isRegistrationComplete(completion) && !register.isPending;
  // Live check under the confirmation field (spec section 5).
  const isMismatch = confirmPassword !== '' && confirmPassword !== password;

  const firstError = FIELD_ORDER.map((field) => formState.errors[field]?.message).find(Boolean);
  const summary =
    firstError === USER_MESSAGES.requiredRegister
      ? firstError
      : register.isError
        ? toUserMessage(register.error, REGISTER_FALLBACK_MESSAGE)
        : null;

  const onSubmit = handleSubmit((values) => {
    register.mutate(values, {
      onSuccess: () => {
        const state: VerificationPendingState = {
          email: values.email,
          message: REGISTER_SUCCESS_MESSAGE,
        };
        void navigate(paths.verificationPending, { state });
      },
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2.25}>
      {summary && (
        <Alert severity="error" role="alert">
          {summary}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="name"
        label="Nombre completo"
        autoComplete="name"
        required
        summaryMessages={[USER_MESSAGES.requiredRegister]}
      />
      <FormTextField
        control={control}
        name="email"
        label="Correo Electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        summaryMessages={[USER_MESSAGES.requiredRegister]}
        helperText="Usa el correo de tu universidad"
      />
      <FormTextField
        control={control}
        name="phone"
        label="Teléfono (Opcional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <FormTextField
        control={control}
        name="password"
        label="Contraseña"
        autoComplete="new-password"
        isPassword
        required
        deps={['confirmPassword']}
        summaryMessages={[USER_MESSAGES.requiredRegister]}
        helperText="Mínimo 6 caracteres"
      />
      <FormTextField
        control={control}
        name="confirmPassword"
        label="Confirmar Contraseña"
        autoComplete="new-password"
        isPassword
        toggleLabel="confirmación de contraseña"
        required
        summaryMessages={[USER_MESSAGES.requiredRegister, USER_MESSAGES.passwordsMismatch]}
        error={isMismatch}
        helperText={isMismatch ? USER_MESSAGES.passwordsMismatch : undefined}
      />

      <Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
          <Typography id={progressLabelId} variant="body2" color="text.secondary">
            Progreso del registro
          </Typography>
          <Typography
            variant="body2"
            sx={{ fontWeight: 600 }}
            color={isRegistrationComplete(completion) ? 'success.dark' : 'text.secondary'}
          >
            {completion}%
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={completion}
          aria-labelledby={progressLabelId}
          color={isRegistrationComplete(completion) ? 'success' : 'primary'}
          sx={{ height: 8, borderRadius: 4 }}
        />
        {!isRegistrationComplete(completion) && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.75 }}>
            Completa al menos el {REGISTER_MIN_COMPLETION}% del formulario para crear tu cuenta.
          </Typography>
        )}
      </Box>

      <Button type="submit" variant="contained" size="large" disabled={!canSubmit} fullWidth>
        {register.isPending ? 'Creando cuenta...' : 'Crear Cuenta'}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login} sx={TOUCH_LINK_SX}>
          ¿Ya tienes cuenta? Inicia sesión aquí
        </Link>
      </Typography>
    </Stack>
  );
};
