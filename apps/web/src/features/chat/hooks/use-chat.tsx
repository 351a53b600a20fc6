import type { ChatError, ChatMessage } from '@unimercado/shared/chat';
import { CHAT_TIMINGS, DESTINATIONS } from '@unimercado/shared/chat-constants';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useAuth } from '@/lib/auth';
import {
  getRealtime,
  useConnectionState,
  useRealtimeSubscription,
  type ConnectionSnapshot,
} from '@/lib/realtime';
import { CHAT_KEY } from '../api/get-chat-users';
import { CHAT_TEXTS } from '../messages';
import {
  addTemporary,
  createTemporaryMessage,
  expireTemporary,
  receiveMessage,
  removeMessage,
  type DisplayMessage,
} from '../utils/chat-messages';

export type ChatContextValue = {
  connection: ConnectionSnapshot;
  reconnect: () => void;
  /** Messages received or sent live in the conversation with `userId` (history comes apart). */
  liveWith: (userId: number) => DisplayMessage[];
  /** Sends; answers false (and sets `sendError`) when it could not be sent. */
  send: (receiverId: number, content: string) => boolean;
  sendError: string | null;
  clearSendError: () => void;
};

const ChatContext = createContext<ChatContextValue | null>(null);

const isChatMessage = (value: unknown): value is ChatMessage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ChatMessage).id === 'number' &&
  typeof (value as ChatMessage).content === 'string';

const RECEIPT_PREFIX = 'tmp:';

/** The chat's live state over the app's real-time connection (spec sections 3 and 4). */
export const ChatProvider = ({ children }: { children: ReactNode }) => {
  const { user } = useAuth();
  const connection = useConnectionState();
  const queryClient = useQueryClient();
  const [live, setLive] = useState<Record<number, DisplayMessage[]>>({});
  const [sendError, setSendError] = useState<string | null>(null);
  const myId = user?.id ?? 0;

  const update = useCallback(
    (otherId: number, change: (list: DisplayMessage[]) => DisplayMessage[]) =>
      setLive((current) => {
        const before = current[otherId] ?? [];
        const after = change(before);
        return after === before ? current : { ...current, [otherId]: after };
      }),
    [],
  );

  const onMessage = useCallback(
    (body: unknown) => {
      if (!isChatMessage(body)) return;
      const otherId = body.senderId === myId ? body.receiverId : body.senderId;
      update(otherId, (list) => receiveMessage(list, body));
      // The list's last message and unread badges follow.
      void queryClient.invalidateQueries({ queryKey: [...CHAT_KEY, 'users'] });
    },
    [myId, update, queryClient],
  );
  useRealtimeSubscription(DESTINATIONS.userMessages, onMessage);

  const onRefusal = useCallback((body: unknown) => {
    const refusal = body as Partial<ChatError>;
    setSendError(typeof refusal.error === 'string' ? refusal.error : CHAT_TEXTS.sendError);
    const id = Number(refusal.receiptId?.slice(RECEIPT_PREFIX.length));
    if (refusal.receiptId?.startsWith(RECEIPT_PREFIX) && Number.isFinite(id)) {
      setLive((current) =>
        Object.fromEntries(
          Object.entries(current).map(([key, list]) => [key, removeMessage(list, id)]),
        ),
      );
    }
  }, []);
  useRealtimeSubscription(DESTINATIONS.userErrors, onRefusal);

  // Spec section 4: temporary messages are dropped after 10 s, checked every 5 s.
  useEffect(() => {
    const sweep = setInterval(() => {
      let hasExpired = false;
      setLive((current) => {
        let changed = false;
        const next: Record<number, DisplayMessage[]> = {};
        for (const [key, list] of Object.entries(current)) {
          const result = expireTemporary(list, Date.now());
          if (result.expired.length > 0) {
            changed = true;
            hasExpired = true;
          }
          next[Number(key)] = result.list;
        }
        return changed ? next : current;
      });
      if (hasExpired) setSendError(CHAT_TEXTS.sendError);
    }, CHAT_TIMINGS.temporarySweepMs);
    return () => clearInterval(sweep);
  }, []);

  const send = useCallback(
    (receiverId: number, content: string) => {
      const text = content.trim();
      if (!text || !myId) return false;
      const temporary = createTemporaryMessage(
        { senderId: myId, receiverId, content: text },
        Date.now(),
      );
      try {
        getRealtime().send(
          DESTINATIONS.chatPrivate,
          { senderId: myId, receiverId, content: text, timestamp: temporary.timestamp },
          { receipt: `${RECEIPT_PREFIX}${temporary.id}` },
        );
      } catch (error) {
        setSendError(error instanceof Error ? error.message : CHAT_TEXTS.sendError);
        return false;
      }
      setSendError(null);
      update(receiverId, (list) => addTemporary(list, temporary));
      return true;
    },
    [myId, update],
  );

  const value = useMemo<ChatContextValue>(
    () => ({
      connection,
      reconnect: () => getRealtime().reconnect(),
      liveWith: (userId) => live[userId] ?? [],
      send,
      sendError,
      clearSendError: () => setSendError(null),
    }),
    [connection, live, send, sendError],
  );
  return <ChatContext value={value}>{children}</ChatContext>;
};

export const useChat = (): ChatContextValue => {
  const context = use(ChatContext);
  if (!context) throw new Error(CHAT_TEXTS.contextError);
  return context;
};
