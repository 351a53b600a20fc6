import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusPage } from '@/components/feedback/status-page';
import { PageTitle } from '@/components/layout/page-title';
import { NotFound } from './not-found';

/** Last line of defence for a render or loading error inside a route. */
export const RouteError = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
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
