import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  defaultPasskeyName,
  PASSKEY_NAME_MAX_LENGTH,
} from '@unimercado/shared/schemas/passkey-messages';
import type { Passkey } from '@unimercado/shared/schemas/passkeys';
import { useId, useState, type FormEvent } from 'react';
import { PasswordField } from '@/components/form/password-field';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { passkeyErrorMessage } from '@/lib/passkey-errors';
import { formatDate } from '@/utils/format';
import { useAddPasskey, useDeletePasskey, usePasskeys } from '../api/passkeys';
import { isRecentSignIn } from '../utils/recent-sign-in';

export const PASSKEY_TEXTS = {
  title: 'Llaves de acceso',
  description:
    'Entra sin escribir tu contraseña, con la huella, el rostro o el bloqueo de pantalla de tu dispositivo.',
  empty: 'Aún no tienes llaves de acceso. Añade una para entrar más rápido y de forma segura.',
  add: 'Añadir llave de acceso',
  added: (date: string) => `Añadida el ${date}`,
  lastUsed: (date: string) => `Último uso: ${date}`,
  neverUsed: 'Aún no se ha usado',
  remove: 'Eliminar',
  removeTitle: 'Eliminar llave de acceso',
  removeConfirm: (name: string) =>
    `¿Seguro que deseas eliminar «${name}»? Ya no podrás entrar con ella.`,
  removing: 'Eliminando...',
  cancel: 'Cancelar',
  nameLabel: 'Nombre (opcional)',
  passwordHint: 'Por seguridad, escribe tu contraseña actual para añadir una llave de acceso.',
  passwordLabel: 'Contraseña Actual',
  passwordRequired: 'Escribe tu contraseña actual',
  continue: 'Continuar',
  waiting: 'Sigue las indicaciones de tu dispositivo...',
  addedNotice: 'Llave de acceso añadida. La próxima vez podrás entrar con ella.',
  loadError: 'No se pudieron cargar tus llaves de acceso.',
  addError: 'No se pudo añadir la llave de acceso. Inténtalo de nuevo.',
  removeError: 'No se pudo eliminar la llave de acceso.',
} as const;

const REAUTH_CODES = ['REAUTHENTICATION_REQUIRED', 'CURRENT_PASSWORD_INVALID'];

const AddPasskeyDialog = ({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) => {
  const { token } = useAuth();
  const add = useAddPasskey();
  const titleId = useId();
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
    <Dialog
      open
      onClose={add.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{PASSKEY_TEXTS.add}</DialogTitle>
        <DialogContent>
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
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={add.isPending}>
            {PASSKEY_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {PASSKEY_TEXTS.continue}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

const RemovePasskeyDialog = ({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) => {
  const remove = useDeletePasskey();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{PASSKEY_TEXTS.removeTitle}</DialogTitle>
      <DialogContent>
        {remove.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {passkeyErrorMessage(remove.error, PASSKEY_TEXTS.removeError)}
          </Alert>
        )}
        <DialogContentText>{PASSKEY_TEXTS.removeConfirm(passkey.name)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          {PASSKEY_TEXTS.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(passkey.id, { onSuccess: onClose })}
        >
          {remove.isPending ? PASSKEY_TEXTS.removing : PASSKEY_TEXTS.remove}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The profile's 'Llaves de acceso' section (decision 067): list, add, remove with confirmation. */
export const PasskeysCard = () => {
  const passkeys = usePasskeys();
  const [isAdding, setIsAdding] = useState(false);
  const [justAdded, setJustAdded] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const titleId = useId();

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
          <KeyOutlined color="primary" />
          <Typography variant="h6" component="h2" id={titleId}>
            {PASSKEY_TEXTS.title}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {PASSKEY_TEXTS.description}
        </Typography>
        {justAdded && (
          <Alert severity="success" sx={{ mb: 1 }} onClose={() => setJustAdded(false)}>
            {PASSKEY_TEXTS.addedNotice}
          </Alert>
        )}
        {passkeys.isPending ? (
          <Skeleton height={56} />
        ) : passkeys.isError ? (
          <Alert severity="error">{PASSKEY_TEXTS.loadError}</Alert>
        ) : passkeys.data.length === 0 ? (
          <Typography variant="body2" sx={{ my: 1 }}>
            {PASSKEY_TEXTS.empty}
          </Typography>
        ) : (
          <List disablePadding aria-label={PASSKEY_TEXTS.title}>
            {passkeys.data.map((passkey) => (
              <ListItem
                key={passkey.id}
                disableGutters
                divider
                secondaryAction={
                  <Button
                    color="error"
                    onClick={() => setRemoving(passkey)}
                    aria-label={`${PASSKEY_TEXTS.remove} ${passkey.name}`}
                    sx={{ minHeight: 44 }}
                  >
                    {PASSKEY_TEXTS.remove}
                  </Button>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={passkey.name}
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block' }}>
                        {PASSKEY_TEXTS.added(formatDate(passkey.createdAt))}
                      </Box>
                      <Box component="span" sx={{ display: 'block' }}>
                        {passkey.lastUsedAt
                          ? PASSKEY_TEXTS.lastUsed(formatDate(passkey.lastUsedAt))
                          : PASSKEY_TEXTS.neverUsed}
                      </Box>
                    </>
                  }
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Button
          variant="outlined"
          startIcon={<KeyOutlined />}
          onClick={() => {
            setJustAdded(false);
            setIsAdding(true);
          }}
          sx={{ mt: 1.5, minHeight: 44 }}
        >
          {PASSKEY_TEXTS.add}
        </Button>
      </CardContent>
      {isAdding && (
        <AddPasskeyDialog
          onClose={() => setIsAdding(false)}
          onAdded={() => {
            setIsAdding(false);
            setJustAdded(true);
          }}
        />
      )}
      {removing && <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
};
