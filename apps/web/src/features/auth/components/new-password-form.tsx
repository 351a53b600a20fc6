import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { USER_MESSAGES } from '@unimercado/shared/schemas/user-messages';
import type { PasswordChoice, passwordChoiceSchema } from '@unimercado/shared/schemas/users';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from '@/components/form/password-field';

type Field = keyof PasswordChoice;
type Errors = Partial<Record<Field, string>>;

// The API's own rules (zod) load after the first render (issue 7's JS budget).
let loadingSchema: Promise<typeof passwordChoiceSchema> | null = null;
const loadSchema = () =>
  (loadingSchema ??= import('@unimercado/shared/schemas/users').then(
    (module) => module.passwordChoiceSchema,
    (error: unknown) => {
      loadingSchema = null;
      throw error;
    },
  ));

const validate = async (values: PasswordChoice): Promise<Errors> => {
  const result = (await loadSchema()).safeParse(values);
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

/**
 * A new password, twice, with the registration's rules and messages (spec section 5): 6
 * characters at least, 'Las contraseñas no coinciden' live under the confirmation. Used by the
 * password reset page and by the verification of an administrator's address.
 */
export const NewPasswordForm = ({
  submitLabel,
  pendingLabel,
  isPending,
  error,
  onSubmit,
  ariaLabel,
}: {
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** What the server answered, if it refused. */
  error: ReactNode;
  onSubmit: (choice: PasswordChoice) => void;
  ariaLabel: string;
}) => {
  const [values, setValues] = useState<PasswordChoice>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  useEffect(() => void loadSchema(), []);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once submitted, a corrected field clears at once.
    if (isSubmitted) void validate(next).then(setErrors);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const found = await validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  const isMismatch = values.confirmPassword !== '' && values.confirmPassword !== values.password;
  const confirmMessage =
    errors.confirmPassword ?? (isMismatch ? USER_MESSAGES.passwordsMismatch : undefined);

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      spacing={2.25}
      aria-label={ariaLabel}
    >
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <PasswordField
        label="Nueva Contraseña"
        toggleLabel="nueva contraseña"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password ?? 'Mínimo 6 caracteres'}
        disabled={isPending}
      />
      <PasswordField
        label="Confirmar Contraseña"
        toggleLabel="confirmación de contraseña"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={(event) => change('confirmPassword', event.target.value)}
        error={Boolean(confirmMessage)}
        helperText={confirmMessage}
        disabled={isPending}
      />
      <Button type="submit" variant="contained" size="large" disabled={isPending} fullWidth>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </Stack>
  );
};
