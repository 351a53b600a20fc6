import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { StatusPage } from '@/components/feedback/status-page';
import { paths } from '@/config/paths';

export const NOT_FOUND_MESSAGE = '404 - Página no encontrada';

export const NotFound = () => (
  <>
    <PageTitle title="Página no encontrada" />
    <StatusPage
      icon={<TravelExploreOutlinedIcon />}
      title={NOT_FOUND_MESSAGE}
      actions={
        <>
          <Button component={RouterLink} to={paths.home} variant="contained">
            Volver al inicio
          </Button>
          <Button component={RouterLink} to={paths.products} variant="outlined">
            Explorar productos
          </Button>
        </>
      }
    >
      La dirección que buscas no existe o fue movida.
    </StatusPage>
  </>
);
