import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import {
  defaultPasskeyName,
  PASSKEY_NAME_MAX_LENGTH,
} from '@unimercado/shared/schemas/passkey-messages';
import type { Passkey } from '@unimercado/shared/schemas/passkeys';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { FormDialog } from '@/components/feedback/form-dialog';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { passkeyErrorMessage } from '@/lib/passkey-errors';
import { useAddPasskey, useDeletePasskey } from '../api/passkeys';
import { isRecentSignIn } from '../utils/recent-sign-in';
import { PASSKEY_TEXTS } from './passkey-texts';

// Loaded when the person opens one (passkeys-card.tsx): dialogs and text fields are not part of
// the profile's first render (scripts/budget.mjs).

const REAUTH_CODES = ['REAUTHENTICATION_REQUIRED', 'CURRENT_PASSWORD_INVALID'];

export const AddPasskeyDialog = ({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: () => void;
}) => {
  const { token } = useAuth();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [wasAsked, setWasAsked] = useState(false);
  const [isPasswordMissing, setIsPasswordMissing] = useState(false);
  const needsPassword = wasAsked || !isRecentSignIn(token);
  const [placeholder] = useState(() =>
    defaultPasskeyName(typeof navigator === 'undefined' ? undefined : navigator.userAgent),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword && password === '') {
      setIsPasswordMissing(true);
      return;
    }
    add.mutate(
      { name, currentPassword: needsPassword ? password : null },
      {
        onSuccess: onAdded,
        onError: (error) => {
          if (error instanceof ApiError && REAUTH_CODES.includes(error.code)) setWasAsked(true);
        },
      },
    );
  };

  return (
    <FormDialog
      title={PASSKEY_TEXTS.add}
      cancelLabel={PASSKEY_TEXTS.cancel}
      submitLabel={PASSKEY_TEXTS.continue}
      isPending={add.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {add.isError && (
          <Alert severity="error" role="alert">
            {passkeyErrorMessage(add.error, PASSKEY_TEXTS.addError)}
          </Alert>
        )}
        {add.isPending && <Alert severity="info">{PASSKEY_TEXTS.waiting}</Alert>}
        <TextField
          name="passkeyName"
          label={PASSKEY_TEXTS.nameLabel}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={placeholder}
          slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX_LENGTH } }}
        />
        {needsPassword && (
          <>
            <DialogContentText>{PASSKEY_TEXTS.passwordHint}</DialogContentText>
            <PasswordField
              name="currentPassword"
              label={PASSKEY_TEXTS.passwordLabel}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setIsPasswordMissing(false);
              }}
              error={isPasswordMissing}
              helperText={isPasswordMissing ? PASSKEY_TEXTS.passwordRequired : undefined}
              autoComplete="current-password"
            />
          </>
        )}
      </Stack>
    </FormDialog>
  );
};

export const RemovePasskeyDialog = ({
  passkey,
  onClose,
}: {
  passkey: Passkey;
  onClose: () => void;
}) => {
  const remove = useDeletePasskey();
  return (
    <ConfirmDialog
      open
      title={PASSKEY_TEXTS.removeTitle}
      confirmLabel={PASSKEY_TEXTS.remove}
      pendingLabel={PASSKEY_TEXTS.removing}
      confirmColor="error"
      isPending={remove.isPending}
      error={remove.isError ? passkeyErrorMessage(remove.error, PASSKEY_TEXTS.removeError) : null}
      onConfirm={() => remove.mutate(passkey.id, { onSuccess: onClose })}
      onClose={onClose}
    >
      {PASSKEY_TEXTS.removeConfirm(passkey.name)}
    </ConfirmDialog>
  );
};
