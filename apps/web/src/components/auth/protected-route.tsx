import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Unauthorized } from '@/components/errors/unauthorized';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { hasAnyRole } from '@/lib/session';

/**
 * Guard of spec section 2: an unauthenticated visitor goes to `redirectTo` (default /login) with
 * the origin in location state `from`; when `roles` are given and the user has none of them, it
 * shows 'No estás autorizado para acceder a esta página.'
 */
export const ProtectedRoute = ({
  roles,
  redirectTo = paths.login,
  children,
}: {
  roles?: readonly string[];
  redirectTo?: string;
  children?: ReactNode;
}) => {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to={redirectTo} replace state={{ from: location }} />;
  if (roles && roles.length > 0 && !hasAnyRole(user, roles)) return <Unauthorized />;
  return children ?? <Outlet />;
};
