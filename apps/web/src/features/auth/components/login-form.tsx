import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '@/components/form/form-text-field';
import { lazyResolver } from '@/components/form/lazy-resolver';
import { paths } from '@/config/paths';
import { TOUCH_LINK_SX } from './auth-card';
import { useLogin } from '../api/login';
import { getLoginErrorMessage } from '../utils/error-messages';
import type { LoginFormValues } from '../utils/login-validation';

/** A touch screen: focusing the email field would open the keyboard over the form (issue 7). */
const isTouchScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

// zod and the schema load after the first render (issue 7's JS budget).
const validation = lazyResolver(() =>
  import('../utils/login-validation').then((module) => module.loginResolver),
);

export const LoginForm = () => {
  const login = useLogin();
  const [autoFocus] = useState(() => !isTouchScreen());
  useEffect(() => validation.preload(), []);
  const { control, handleSubmit, formState } = useForm<LoginFormValues>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '' },
  });
  const validationMessage = formState.errors.email?.message ?? formState.errors.password?.message;
  const errorMessage =
    validationMessage ?? (login.isError ? getLoginErrorMessage(login.error) : null);

  const onSubmit = handleSubmit((values) => {
    login.mutate({ email: values.email.trim(), password: values.password });
  });

  return (
    <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2.5}>
      {errorMessage && (
        <Alert severity="error" role="alert">
          {errorMessage}
        </Alert>
      )}
      <FormTextField
        control={control}
        name="email"
        label="Correo Electrónico"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus={autoFocus}
        hideErrorText
      />
      <FormTextField
        control={control}
        name="password"
        label="Contraseña"
        autoComplete="current-password"
        isPassword
        hideErrorText
      />
      <Typography variant="body2" sx={{ textAlign: 'right', mt: '4px !important' }}>
        <Link component={RouterLink} to={paths.forgotPassword} sx={TOUCH_LINK_SX}>
          ¿Olvidaste tu contraseña?
        </Link>
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={login.isPending} fullWidth>
        {login.isPending ? 'Iniciando sesión...' : 'Iniciar sesión'}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        ¿No tienes cuenta?{' '}
        <Link component={RouterLink} to={paths.register} sx={TOUCH_LINK_SX}>
          Regístrate aquí
        </Link>
      </Typography>
    </Stack>
  );
};
