import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REGISTER_MIN_COMPLETION } from '@unimercado/shared/constants';
import { USER_MESSAGES } from '@unimercado/shared/schemas/user-messages';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PasswordField, type PasswordFieldProps } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { TOUCH_LINK_SX } from './auth-card';
import { toUserMessage } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { REGISTER_FALLBACK_MESSAGE } from '../utils/error-messages';
import { validateRegistration } from '../utils/register-rules';
import {
  getRegistrationCompletion,
  isRegistrationComplete,
  type RegistrationValues,
} from '../utils/registration-completion';

export const REGISTER_SUCCESS_MESSAGE =
  '¡Registro exitoso! Revisa tu email para verificar tu cuenta. Si no recibes el email, puedes solicitar un reenvío.';

export type VerificationPendingState = { email: string; message: string };

type Field = keyof RegistrationValues;
const FIELD_ORDER: readonly Field[] = ['name', 'email', 'phone', 'password', 'confirmPassword'];
const EMPTY: RegistrationValues = {
  name: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
};
/** Messages the summary alert (or the live mismatch line) says: the field only turns red. */
const SUMMARY_MESSAGES: readonly string[] = [USER_MESSAGES.requiredRegister];

/**
 * 'Crear cuenta' (spec sections 2 and 5). Plain state and the API's rules without zod
 * (register-rules.ts), so the page renders within issue 7's JS budget: fields are checked on
 * submit, then again as they change; the first invalid one takes the focus.
 */
export const RegisterForm = () => {
  const register = useRegister();
  const navigate = useNavigate();
  const progressLabelId = useId();
  const [values, setValues] = useState(EMPTY);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const errors = isSubmitted ? validateRegistration(values).errors : {};
  const completion = getRegistrationCompletion(values);
  const canSubmit = isRegistrationComplete(completion) && !register.isPending;
  const barColor = isRegistrationComplete(completion) ? 'success' : 'primary';
  // Live check under the confirmation field (spec section 5).
  const isMismatch = values.confirmPassword !== '' && values.confirmPassword !== values.password;

  const firstError = FIELD_ORDER.map((field) => errors[field]).find(Boolean);
  const summary =
    firstError === USER_MESSAGES.requiredRegister
      ? firstError
      : register.isError
        ? toUserMessage(register.error, REGISTER_FALLBACK_MESSAGE)
        : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setIsSubmitted(true);
    const { errors: found, body } = validateRegistration(values);
    if (!body) {
      const invalid = form.elements.namedItem(FIELD_ORDER.find((name) => found[name])!);
      if (invalid instanceof HTMLInputElement) invalid.focus();
      return;
    }
    register.mutate(body, {
      onSuccess: () => {
        const state: VerificationPendingState = {
          email: body.email,
          message: REGISTER_SUCCESS_MESSAGE,
        };
        void navigate(paths.verificationPending, { state });
      },
    });
  };

  /** The props that tie a field to the form's state: value, change, focus and its error. */
  const field = (name: Field, helperText?: string, hidden = SUMMARY_MESSAGES) => {
    const message = errors[name];
    return {
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => {
        // Read now: React may run the update after the field has been set back to its state.
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
      },
      error: Boolean(message),
      helperText: message && !hidden.includes(message) ? message : helperText,
    } satisfies Partial<PasswordFieldProps>;
  };
  const confirmField = field(
    'confirmPassword',
    isMismatch ? USER_MESSAGES.passwordsMismatch : undefined,
    [...SUMMARY_MESSAGES, USER_MESSAGES.passwordsMismatch],
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.25}>
      {summary && (
        <Alert severity="error" role="alert">
          {summary}
        </Alert>
      )}
      <TextField {...field('name')} label="Nombre completo" autoComplete="name" required />
      <TextField
        {...field('email', 'Usa el correo de tu universidad')}
        label="Correo Electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
      />
      <TextField
        {...field('phone')}
        label="Teléfono (Opcional)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
      />
      <PasswordField
        {...field('password', 'Mínimo 6 caracteres')}
        label="Contraseña"
        autoComplete="new-password"
        required
      />
      <PasswordField
        {...confirmField}
        error={confirmField.error || isMismatch}
        label="Confirmar Contraseña"
        autoComplete="new-password"
        toggleLabel="confirmación de contraseña"
        required
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
        {/* MUI's determinate LinearProgress drawn with two boxes (issue 7's JS budget). */}
        <Box
          role="progressbar"
          aria-valuenow={completion}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-labelledby={progressLabelId}
          sx={{
            position: 'relative',
            overflow: 'hidden',
            zIndex: 0,
            height: 8,
            borderRadius: 4,
            bgcolor: (theme) => theme.lighten(theme.palette[barColor].main, 0.62),
          }}
        >
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              bgcolor: `${barColor}.main`,
              transform: `translateX(${completion - 100}%)`,
              transformOrigin: 'left',
              transition: 'transform .4s linear',
            }}
          />
        </Box>
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
