import { lazy, Suspense, useEffect } from 'react';
import { CodeLoadNotice } from '@/components/errors/code-load-failed';
import { AppLayout } from '@/components/layout/app-layout';
import { useUnreadMessageCount } from '@/features/chat/api/get-unread-messages';
import { useUnreadNotificationCount } from '@/features/notifications/api/get-notifications';
import { useAuth } from '@/lib/auth';
import { setTitleBadge } from '@/lib/title-badge';

// The STOMP client and the live updates are not in the entry chunk (issue 7's budget).
const LiveUpdates = lazy(() => import('./live-updates'));

/**
 * The app's layout with the live bell (a dot badge and the unread count in the tab title) and the
 * chat icon's unread messages.
 */
export const RootLayout = () => {
  const { user, token } = useAuth();
  const unread = useUnreadNotificationCount(user?.id ?? null);
  const unreadMessages = useUnreadMessageCount(user?.id ?? null);
  useEffect(() => setTitleBadge(unread), [unread]);
  return (
    <>
      <AppLayout hasUnreadNotifications={unread > 0} unreadMessages={unreadMessages} />
      <CodeLoadNotice />
      {user && token && (
        <Suspense fallback={null}>
          <LiveUpdates user={user} token={token} />
        </Suspense>
      )}
    </>
  );
};
