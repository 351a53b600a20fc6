import { useEffect } from 'react';
import { useLiveUnreadMessages } from '@/features/chat/hooks/use-live-unread-messages';
import { useLiveNotifications } from '@/features/notifications/hooks/use-live-notifications';
import type { SessionUser } from '@/lib/session';
import { getRealtime } from '@/lib/realtime';

/**
 * Loaded after the first render (app/root-layout.tsx): opens the signed-in user's real-time
 * connection and keeps the bell live on every page. Signing out (unmount) closes it.
 */
const LiveUpdates = ({ user, token }: { user: SessionUser; token: string }) => {
  useEffect(() => {
    const connection = getRealtime();
    connection.start({ token, userId: user.id, username: user.email });
    // Back online after giving up (a phone leaving a tunnel): start over at once.
    const onOnline = () => connection.reconnect();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      connection.stop();
    };
  }, [token, user.id, user.email]);
  useLiveNotifications(user.id);
  useLiveUnreadMessages(user.id);
  return null;
};

export default LiveUpdates;
