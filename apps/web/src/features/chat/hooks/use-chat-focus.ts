import { DESTINATIONS } from '@unimercado/shared/chat-constants';
import { CHAT_FOCUS_REFRESH_MS } from '@unimercado/shared/push-constants';
import { useEffect } from 'react';
import { getRealtime, type RealtimeConnection } from '@/lib/realtime';

/**
 * Tells the server which conversation this page shows while it is visible (decision 092), so the
 * member gets no push for it: said on opening and when the tab comes back, repeated while it
 * stays open, taken back when it closes or the tab is hidden.
 */
export const useChatFocus = (
  partnerId: number,
  isConnected: boolean,
  connection: RealtimeConnection = getRealtime(),
) => {
  useEffect(() => {
    if (!isConnected) return;
    const report = (isFocused: boolean) => {
      try {
        // Sending while not connected would start a reconnection: nothing to say then.
        if (connection.getSnapshot().state !== 'connected') return;
        connection.send(DESTINATIONS.chatFocus, { partnerId, isFocused });
      } catch {
        // Not connected: the next connection reports again (this effect runs once it is).
      }
    };
    const reportVisibility = () => report(document.visibilityState === 'visible');
    reportVisibility();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') report(true);
    }, CHAT_FOCUS_REFRESH_MS);
    document.addEventListener('visibilitychange', reportVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', reportVisibility);
      report(false);
    };
  }, [connection, partnerId, isConnected]);
};
