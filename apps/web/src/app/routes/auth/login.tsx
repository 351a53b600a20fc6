import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { env } from '@/config/env';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { getPostLoginPath } from '@/features/auth/utils/redirect';
import { useAuth } from '@/lib/auth';

export const LoginRoute = () => {
  const { isAuthenticated, hasSessionExpired, forgetSessionExpired } = useAuth();
  const location = useLocation();
  // Came here because a call found the session over: said on this visit only (decision 038).
  const [isSessionExpired] = useState(hasSessionExpired);
  useEffect(() => forgetSessionExpired, [forgetSessionExpired]);
  // Signed in (already, or just now): go back where the guard sent us from, else /products.
  if (isAuthenticated) return <Navigate to={getPostLoginPath(location.state)} replace />;
  return (
    <>
      <PageTitle title="Iniciar sesión" />
      <AuthCard
        icon={<LockOpenOutlinedIcon />}
        title="Iniciar sesión"
        subtitle={`Bienvenido de nuevo a ${env.appName}`}
      >
        <LoginForm isSessionExpired={isSessionExpired} />
      </AuthCard>
    </>
  );
};
