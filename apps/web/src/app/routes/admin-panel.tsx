import { Unauthorized } from '@/components/errors/unauthorized';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { useAuth } from '@/lib/auth';

/** The page itself checks ROLE_ADMIN (the route table only requires a signed-in user). */
export const AdminPanelRoute = () => {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Unauthorized />;
  return (
    <PageContainer>
      <PageTitle title="Panel de Administración" />
      <AdminPanel />
    </PageContainer>
  );
};
