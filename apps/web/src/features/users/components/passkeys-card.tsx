import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Passkey } from '@unimercado/shared/schemas/passkeys';
import { lazy, Suspense, useId, useState } from 'react';
import { formatDate } from '@/utils/format';
import { usePasskeys } from '../api/passkeys';
import { PASSKEY_TEXTS } from './passkey-texts';

// The dialogs (a name, the password, MUI's TextField and Dialog) load when one opens: the profile
// page stays under its JavaScript budget (decision 051).
const AddPasskeyDialog = lazy(async () => ({
  default: (await import('./passkey-dialogs')).AddPasskeyDialog,
}));
const RemovePasskeyDialog = lazy(async () => ({
  default: (await import('./passkey-dialogs')).RemovePasskeyDialog,
}));

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
      <Suspense fallback={null}>
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
      </Suspense>
    </Card>
  );
};
