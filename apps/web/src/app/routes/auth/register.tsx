import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Navigate } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useAuth } from '@/lib/auth';

export const RegisterRoute = () => {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to={paths.products} replace />;
  return (
    <>
      <PageTitle title="Crear cuenta" />
      <AuthCard
        icon={<PersonAddAlt1OutlinedIcon />}
        title="Crear cuenta"
        subtitle={`Únete a ${env.appName} y empieza a comprar y vender en tu universidad`}
        maxWidth="sm"
      >
        <RegisterForm />
      </AuthCard>
    </>
  );
};
