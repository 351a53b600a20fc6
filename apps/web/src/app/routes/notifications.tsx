import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { useAuth } from '@/lib/auth';

export const NotificationsRoute = () => {
  const { user } = useAuth();
  return (
    <PageContainer maxWidth="md">
      <PageTitle title="Notificaciones" />
      {user && <NotificationsPage userId={user.id} />}
    </PageContainer>
  );
};
