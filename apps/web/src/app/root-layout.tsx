import { lazy, Suspense, useEffect } from 'react';
import { AppLayout } from '@/components/layout/app-layout';
import { useUnreadNotificationCount } from '@/features/notifications/api/get-notifications';
import { useAuth } from '@/lib/auth';
import { setTitleBadge } from '@/lib/title-badge';

// The STOMP client and the live updates are not in the entry chunk (issue 7's budget).
const LiveUpdates = lazy(() => import('./live-updates'));

/** The app's layout with the live bell: a dot badge and the unread count in the tab title. */
export const RootLayout = () => {
  const { user, token } = useAuth();
  const unread = useUnreadNotificationCount(user?.id ?? null);
  useEffect(() => setTitleBadge(unread), [unread]);
  return (
    <>
      <AppLayout hasUnreadNotifications={unread > 0} />
      {user && token && (
        <Suspense fallback={null}>
          <LiveUpdates user={user} token={token} />
        </Suspense>
      )}
    </>
  );
};
