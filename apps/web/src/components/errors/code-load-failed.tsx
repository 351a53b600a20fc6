import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { StatusPage } from '@/components/feedback/status-page';
import { PageTitle } from '@/components/layout/page-title';

export const CODE_LOAD_FAILED_TITLE = 'No se pudo cargar la página';
export const CODE_LOAD_FAILED_TEXT =
  'Puede que UniMercado se haya actualizado o que falle tu conexión. Recarga la página para seguir.';
export const RELOAD_LABEL = 'Recargar';

const reloadPage = () => window.location.reload();

/**
 * A page's code could not be downloaded (a chunk the last deploy replaced, or no connection): the
 * top bar stays, with 'Recargar' (components/errors/route-boundary.tsx).
 */
export const CodeLoadFailed = ({ onReload = reloadPage }: { onReload?: () => void }) => (
  <>
    <PageTitle title={CODE_LOAD_FAILED_TITLE} />
    <StatusPage
      icon={<CloudOffOutlinedIcon />}
      title={CODE_LOAD_FAILED_TITLE}
      actions={
        <Button variant="contained" onClick={onReload}>
          {RELOAD_LABEL}
        </Button>
      }
    >
      {CODE_LOAD_FAILED_TEXT}
    </StatusPage>
  </>
);

/**
 * Any part of the app whose code fails to load (a dialog, the menu drawer, a part of a page):
 * Vite's `vite:preloadError`, fired when a dynamic import or what it preloads fails. A notice at the
 * bottom with 'Recargar'; not reloaded by itself, so nothing typed is lost without asking. In the
 * entry chunk: it must not need code that could fail to load too.
 */
export const CodeLoadNotice = ({ onReload = reloadPage }: { onReload?: () => void }) => {
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    const onPreloadError = () => setHasFailed(true);
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
  if (!hasFailed) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {RELOAD_LABEL}
        </Button>
      }
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        left: 16,
        right: 16,
        // Above the phone's bottom bar.
        bottom: { xs: 'calc(72px + env(safe-area-inset-bottom))', md: 16 },
        mx: 'auto',
        maxWidth: 560,
        boxShadow: 6,
      }}
    >
      {CODE_LOAD_FAILED_TEXT}
    </Alert>
  );
};
