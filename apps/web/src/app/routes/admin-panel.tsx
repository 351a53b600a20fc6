import { Unauthorized } from '@/components/errors/unauthorized';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { lazy, Suspense } from 'react';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { useAuth } from '@/lib/auth';

// The meet-up spots (decision 082) load after the users table, for admins only.
const MeetupSpotsAdmin = lazy(async () => ({
  default: (await import('@/features/meetups/components/meetup-spots-admin')).MeetupSpotsAdmin,
}));

/** The page itself checks ROLE_ADMIN (the route table only requires a signed-in user). */
export const AdminPanelRoute = () => {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Unauthorized />;
  return (
    <PageContainer>
      <PageTitle title="Panel de Administración" />
      <AdminPanel />
      <Suspense fallback={null}>
        <MeetupSpotsAdmin />
      </Suspense>
    </PageContainer>
  );
};
