import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { StatusPage } from './status-page';

/**
 * Placeholder for a route whose feature lands in a later issue: the route exists, names its
 * feature, and leads somewhere useful (issue 2, point 4).
 */
export const UnderConstruction = ({
  title,
  description,
  icon,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
}) => {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <PageTitle title={title} />
      <StatusPage
        icon={icon ?? <ConstructionOutlinedIcon />}
        eyebrow={<Chip label="En construcción" color="secondary" size="small" sx={{ mb: 1.5 }} />}
        title={title}
        actions={
          <>
            <Button component={RouterLink} to={paths.home} variant="contained">
              Volver al inicio
            </Button>
            {isAuthenticated ? (
              <Button component={RouterLink} to={paths.profile} variant="outlined">
                Ir a mi perfil
              </Button>
            ) : (
              <Button component={RouterLink} to={paths.register} variant="outlined">
                Registrarse
              </Button>
            )}
          </>
        }
      >
        {description} Estamos trabajando en esta sección y muy pronto estará disponible.
      </StatusPage>
    </>
  );
};
