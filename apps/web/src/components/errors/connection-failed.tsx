import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Button from '@mui/material/Button';
import { StatusPage } from '@/components/feedback/status-page';
import { PageTitle } from '@/components/layout/page-title';

export const CONNECTION_FAILED_TITLE = 'No se pudo conectar';
export const CONNECTION_FAILED_TEXT =
  'No se pudo conectar con el servidor. Por favor, verifica tu conexión.';

/** A page's code could not be downloaded (server unreachable): the top bar stays, with a retry. */
export const ConnectionFailed = () => (
  <>
    <PageTitle title={CONNECTION_FAILED_TITLE} />
    <StatusPage
      icon={<CloudOffOutlinedIcon />}
      title={CONNECTION_FAILED_TITLE}
      actions={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reintentar
        </Button>
      }
    >
      {CONNECTION_FAILED_TEXT}
    </StatusPage>
  </>
);
