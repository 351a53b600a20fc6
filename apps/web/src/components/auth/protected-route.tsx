import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Unauthorized } from '@/components/errors/unauthorized';
import { PageSkeleton } from '@/components/feedback/page-skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { hasAnyRole } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';

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
  const isHydrated = useHydrated();
  // The server rendered this page without a session (no session cookie) but this browser may
  // have one in its storage: decide once hydration is over and the browser's session is read.
  if (!user && !isHydrated) return <PageSkeleton />;
  if (!user) return <Navigate to={redirectTo} replace state={{ from: location }} />;
  if (roles && roles.length > 0 && !hasAnyRole(user, roles)) return <Unauthorized />;
  return children ?? <Outlet />;
};
