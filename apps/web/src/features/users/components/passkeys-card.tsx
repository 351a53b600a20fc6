import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Passkey } from '@unimercado/shared/schemas/passkeys';
import { lazy, Suspense, useId, useState } from 'react';
import { CardHeading } from '@/components/layout/card-heading';
import { formatDate } from '@/utils/format';
import { usePasskeys } from '../api/passkeys';
import { PASSKEY_TEXTS } from './passkey-texts';

// The dialogs (text fields, the modal) load when asked for: on hover or focus of a button, at
// the latest on its click, so the profile's first render stays within its JS budget.
const loadDialogs = () => import('./passkey-dialogs');
const AddPasskeyDialog = lazy(() =>
  loadDialogs().then((module) => ({ default: module.AddPasskeyDialog })),
);
const RemovePasskeyDialog = lazy(() =>
  loadDialogs().then((module) => ({ default: module.RemovePasskeyDialog })),
);
const preloadDialogs = () => void loadDialogs();
const PRELOAD = {
  onMouseEnter: preloadDialogs,
  onFocus: preloadDialogs,
  onTouchStart: preloadDialogs,
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
        <CardHeading
          icon={KeyOutlined}
          title={PASSKEY_TEXTS.title}
          description={PASSKEY_TEXTS.description}
          id={titleId}
        />
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
          <Stack
            component="ul"
            aria-label={PASSKEY_TEXTS.title}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {passkeys.data.map((passkey) => (
              <Box
                component="li"
                key={passkey.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{passkey.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {PASSKEY_TEXTS.added(formatDate(passkey.createdAt))}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {passkey.lastUsedAt
                      ? PASSKEY_TEXTS.lastUsed(formatDate(passkey.lastUsedAt))
                      : PASSKEY_TEXTS.neverUsed}
                  </Typography>
                </Box>
                <Button
                  color="error"
                  onClick={() => setRemoving(passkey)}
                  {...PRELOAD}
                  aria-label={`${PASSKEY_TEXTS.remove} ${passkey.name}`}
                  sx={{ minHeight: 44, flexShrink: 0 }}
                >
                  {PASSKEY_TEXTS.remove}
                </Button>
              </Box>
            ))}
          </Stack>
        )}
        <Button
          variant="outlined"
          startIcon={<KeyOutlined />}
          {...PRELOAD}
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
