import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { StatusPage } from '@/components/feedback/status-page';
import { PageTitle } from '@/components/layout/page-title';

/** Last line of defence for a render error inside a page (components/errors/route-boundary.tsx). */
export const RouteError = () => {
  return (
    <>
      <PageTitle title="Algo salió mal" />
      <StatusPage
        icon={<ErrorOutlineIcon />}
        title="Algo salió mal"
        actions={
          <>
            <Button variant="contained" onClick={() => window.location.reload()}>
              Reintentar
            </Button>
            <Button href="/" variant="outlined">
              Volver al inicio
            </Button>
          </>
        }
      >
        Ocurrió un error inesperado al mostrar esta página.
      </StatusPage>
    </>
  );
};
