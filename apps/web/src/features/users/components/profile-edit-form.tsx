import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { PROFILE_EDIT_CLOSE_MS } from '@unimercado/shared/constants';
import {
  updateUserBodySchema,
  type UpdateUserResponse,
  type User,
} from '@unimercado/shared/schemas/users';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { ApiError, toUserMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useUpdateUser } from '../api/update-user';
import { isRecentSignIn } from '../utils/recent-sign-in';

type EditInput = z.input<typeof updateUserBodySchema>;
type EditOutput = z.output<typeof updateUserBodySchema>;

export const PROFILE_UPDATED_MESSAGE = 'Perfil actualizado correctamente';
export const PROFILE_UPDATE_FALLBACK = 'Error al actualizar el perfil';
export const CURRENT_PASSWORD_REQUIRED = 'Escribe tu contraseña actual.';

/** The server's answers that mean "prove it is you": the field shows (again). */
const REAUTH_CODES = ['REAUTHENTICATION_REQUIRED', 'CURRENT_PASSWORD_INVALID'];

/**
 * 'Editando Perfil' form (spec section 5): name and email required, phone digits/spaces/leading
 * plus, password optional (blank = unchanged, sent as null), blank phone sent as null. Closes 1 s
 * after a successful update.
 */
export const ProfileEditForm = ({
  user,
  onCancel,
  onSaved,
  onClose,
}: {
  user: User;
  onCancel: () => void;
  onSaved: (saved: UpdateUserResponse) => void;
  onClose: () => void;
}) => {
  const update = useUpdateUser();
  const { token } = useAuth();
  const { control, handleSubmit, setError } = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(updateUserBodySchema),
    defaultValues: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone ?? '',
      password: '',
      currentPassword: '',
    },
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const [wasAsked, setWasAsked] = useState(false);
  const isSensitiveChange =
    Boolean(password) || email.trim().toLowerCase() !== user.email.toLowerCase();
  const needsCurrentPassword = isSensitiveChange && (wasAsked || !isRecentSignIn(token));

  useEffect(() => {
    if (!update.isSuccess) return;
    const timer = window.setTimeout(onClose, PROFILE_EDIT_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [update.isSuccess, onClose]);

  const onSubmit = handleSubmit((values) => {
    if (needsCurrentPassword && !values.currentPassword) {
      setError('currentPassword', { message: CURRENT_PASSWORD_REQUIRED });
      return;
    }
    update.mutate(
      {
        id: user.id,
        name: values.name,
        email: values.email,
        phone: values.phone,
        password: values.password,
        currentPassword: needsCurrentPassword ? values.currentPassword : null,
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError && REAUTH_CODES.includes(error.code)) setWasAsked(true);
        },
      },
    );
  });
  const isCurrentPasswordRefused =
    update.error instanceof ApiError && update.error.code === 'CURRENT_PASSWORD_INVALID';

  const isLocked = update.isPending || update.isSuccess;

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack
          component="form"
          noValidate
          aria-label="Editar perfil"
          onSubmit={(event) => void onSubmit(event)}
          spacing={2.25}
        >
          {update.isSuccess && <Alert severity="success">{PROFILE_UPDATED_MESSAGE}</Alert>}
          {update.isError && (
            <Alert severity="error">{toUserMessage(update.error, PROFILE_UPDATE_FALLBACK)}</Alert>
          )}
          <FormTextField
            control={control}
            name="name"
            label="Nombre completo"
            autoComplete="name"
            required
            disabled={isLocked}
          />
          <FormTextField
            control={control}
            name="email"
            label="Correo Electrónico"
            type="email"
            autoComplete="email"
            required
            disabled={isLocked}
          />
          <FormTextField
            control={control}
            name="phone"
            label="Teléfono (Opcional)"
            type="tel"
            autoComplete="tel"
            disabled={isLocked}
            helperText="Solo números y espacios, con + opcional al inicio"
          />
          <FormTextField
            control={control}
            name="password"
            label="Nueva Contraseña (Opcional)"
            autoComplete="new-password"
            isPassword
            toggleLabel="nueva contraseña"
            disabled={isLocked}
            helperText="Déjala en blanco para mantener la actual"
          />
          {needsCurrentPassword && (
            <FormTextField
              control={control}
              name="currentPassword"
              label="Contraseña Actual"
              autoComplete="current-password"
              isPassword
              toggleLabel="contraseña actual"
              required
              disabled={isLocked}
              error={isCurrentPasswordRefused}
              helperText="Por seguridad, para cambiar la contraseña o el correo"
            />
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onCancel} disabled={update.isPending} variant="outlined">
              Cancelar
            </Button>
            <Button type="submit" variant="contained" disabled={isLocked}>
              {update.isPending ? 'Actualizando...' : 'Actualizar'}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};
