import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSyncExternalStore } from 'react';

export const OFFLINE_TEXTS = {
  title: 'Sin conexión',
  detail: 'Estás viendo lo último que se guardó en este dispositivo; los cambios no se enviarán.',
  retry: 'Reintentar',
} as const;

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The server's page is drawn online: the notice appears after hydration (decision 045). */
const useIsOffline = () =>
  useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );

/**
 * 'Sin conexión' (decision 091): a page seen before opens from the service worker without a
 * network; this says so and offers to try again.
 */
export const OfflineNotice = () => {
  const isOffline = useIsOffline();
  if (!isOffline) return null;
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1,
        bgcolor: '#fff4e5',
        color: '#4d2c00',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <CloudOffOutlinedIcon aria-hidden sx={{ flexShrink: 0 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box component="strong" sx={{ display: 'block' }}>
          {OFFLINE_TEXTS.title}
        </Box>
        <Box component="span" sx={{ fontSize: '0.875rem' }}>
          {OFFLINE_TEXTS.detail}
        </Box>
      </Box>
      <Button
        variant="outlined"
        color="inherit"
        onClick={() => window.location.reload()}
        sx={{ minHeight: 44, flexShrink: 0 }}
      >
        {OFFLINE_TEXTS.retry}
      </Button>
    </Box>
  );
};
