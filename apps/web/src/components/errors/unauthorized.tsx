import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { StatusPage } from '@/components/feedback/status-page';
import { paths } from '@/config/paths';

export const UNAUTHORIZED_MESSAGE = 'No estás autorizado para acceder a esta página.';

export const Unauthorized = () => (
  <>
    <PageTitle title="Acceso denegado" />
    <StatusPage
      icon={<LockOutlinedIcon />}
      title={UNAUTHORIZED_MESSAGE}
      actions={
        <Button component={RouterLink} to={paths.home} variant="contained">
          Volver al inicio
        </Button>
      }
    >
      Si crees que es un error, contacta con un administrador.
    </StatusPage>
  </>
);
