import Alert from '@mui/material/Alert';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { passkeyErrorMessage } from '@/lib/passkey-errors';
import { TOUCH_LINK_SX } from './auth-card';
import { useLogin } from '../api/login';
import { usePasskeyLogin } from '../api/passkey-login';
import { getLoginErrorMessage, SESSION_EXPIRED_MESSAGE } from '../utils/error-messages';

const PASSKEY_LOGIN_FALLBACK = 'No se pudo entrar con la llave de acceso. Inténtalo de nuevo.';

/**
 * Not on a touch screen: focusing the email field would open the keyboard over the form (issue 7).
 * Not in the build-time prerender either (no window): the prerendered page carries no autofocus.
 */
const shouldAutoFocus = () =>
  typeof window !== 'undefined' &&
  !(typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches);

/**
 * Both fields required, with the one message of spec section 5, checked again as they change once
 * submitted. Plain state: two fields need neither react-hook-form nor zod before the first render
 * (issue 7's JS budget). `isSessionExpired`: the app came here because a session ended; said until
 * the person submits (decision 038).
 */
export const LoginForm = ({ isSessionExpired = false }: { isSessionExpired?: boolean }) => {
  const login = useLogin();
  const passkeyLogin = usePasskeyLogin();
  const [autoFocus] = useState(shouldAutoFocus);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const isEmailMissing = isSubmitted && email.trim() === '';
  const isPasswordMissing = isSubmitted && password === '';
  const validationMessage =
    isEmailMissing || isPasswordMissing ? AUTH_MESSAGES.loginRequired : null;
  const errorMessage =
    validationMessage ?? (login.isError ? getLoginErrorMessage(login.error) : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (email.trim() === '' || password === '') return;
    login.mutate({ email: email.trim(), password });
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {errorMessage && (
        <Alert severity="error" role="alert">
          {errorMessage}
        </Alert>
      )}
      {isSessionExpired && !isSubmitted && (
        <Alert severity="info" role="status">
          {SESSION_EXPIRED_MESSAGE}
        </Alert>
      )}
      <TextField
        name="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={isEmailMissing}
        label="Correo Electrónico"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus={autoFocus}
      />
      <PasswordField
        name="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={isPasswordMissing}
        label="Contraseña"
        autoComplete="current-password"
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
        o
      </Typography>
      {passkeyLogin.isError && (
        <Alert severity="error" role="alert">
          {passkeyErrorMessage(passkeyLogin.error, PASSKEY_LOGIN_FALLBACK)}
        </Alert>
      )}
      <Button
        variant="outlined"
        size="large"
        startIcon={<KeyOutlined />}
        disabled={passkeyLogin.isPending || login.isPending}
        onClick={() => passkeyLogin.mutate()}
        fullWidth
      >
        {passkeyLogin.isPending ? 'Esperando la llave de acceso...' : 'Entrar con llave de acceso'}
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
