import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { paths } from '@/config/paths';
import { TOUCH_LINK_SX } from './auth-card';
import { useLogin } from '../api/login';
import { getLoginErrorMessage } from '../utils/error-messages';

// Both fields required with the one message of spec section 5.
const loginFormSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.loginRequired),
  password: z.string().min(1, AUTH_MESSAGES.loginRequired),
});
type LoginFormValues = z.infer<typeof loginFormSchema>;

export const LoginForm = () => {
  const login = useLogin();
  const { control, handleSubmit, formState } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
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
        autoFocus
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
