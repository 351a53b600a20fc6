import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CHAT_SINGLE_VIEW_BREAKPOINT_PX } from '@unimercado/shared/constants';
import { useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { useAuth } from '@/lib/auth';
import { useChatContact } from '../api/get-chat-contact';
import { useChatUsers } from '../api/get-chat-users';
import { useChat } from '../hooks/use-chat';
import { CHAT_TEXTS } from '../messages';
import { ChatUserList, type ChatListEntry } from './chat-user-list';
import { ConnectionStatus } from './connection-status';
import { LazyConversation, preloadConversation } from './lazy-conversation';

export type Preselected = { userId: number; name: string | null; initialMessage: string };

/**
 * /chat (spec section 2): people on the left, the conversation on the right; at 650px or less
 * one view at a time with a back button.
 */
export const ChatPage = ({
  preselected,
  receivedNote,
  receivedAction,
  composerSlot,
  partnerPanel,
  renderMeetup,
  headerAction,
}: {
  preselected: Preselected | null;
  receivedNote?: ComponentProps<typeof LazyConversation>['receivedNote'];
  receivedAction?: ComponentProps<typeof LazyConversation>['receivedAction'];
  composerSlot?: ComponentProps<typeof LazyConversation>['composerSlot'];
  partnerPanel?: ComponentProps<typeof LazyConversation>['partnerPanel'];
  renderMeetup?: ComponentProps<typeof LazyConversation>['renderMeetup'];
  /** Beside the partner's name, for the selected partner. */
  headerAction?: (partnerId: number) => ReactNode;
}) => {
  const { user } = useAuth();
  const chat = useChat();
  const users = useChatUsers();
  const isSingleView = useMediaQuery(`(max-width:${CHAT_SINGLE_VIEW_BREAKPOINT_PX}px)`);
  const [selectedId, setSelectedId] = useState<number | null>(preselected?.userId ?? null);
  const [showConversation, setShowConversation] = useState(preselected !== null);
  const myId = user?.id ?? 0;

  // The conversation's code follows the first render: opening one does not wait for it.
  useEffect(preloadConversation, []);

  const known = users.data?.find((entry) => entry.id === preselected?.userId);
  const contact = useChatContact(
    preselected?.userId ?? null,
    preselected !== null && !preselected.name && !known && users.isSuccess,
  );

  const entries = useMemo<ChatListEntry[]>(() => {
    const list: ChatListEntry[] = users.data ?? [];
    if (
      !preselected ||
      preselected.userId === myId ||
      list.some((e) => e.id === preselected.userId)
    ) {
      return list;
    }
    const name = preselected.name ?? contact.data?.name;
    if (!name) return list;
    return [{ id: preselected.userId, name, lastMessage: null, unreadCount: 0 }, ...list];
  }, [users.data, preselected, myId, contact.data]);

  if (!user) return <Alert severity="error">{CHAT_TEXTS.notAuthenticated}</Alert>;

  const selected = entries.find((entry) => entry.id === selectedId) ?? null;
  const select = (id: number) => {
    setSelectedId(id);
    setShowConversation(true);
  };
  const listVisible = !isSingleView || !showConversation || !selected;
  const conversationVisible = !isSingleView || (showConversation && selected !== null);

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography variant="h2" component="h1">
          {CHAT_TEXTS.title}
        </Typography>
        <ConnectionStatus connection={chat.connection} onReconnect={chat.reconnect} />
      </Box>
      {(chat.connection.state === 'failed' || chat.connection.state === 'disconnected') && (
        <Box sx={{ mb: 2 }}>
          <ErrorAlert
            message={
              chat.connection.lastError
                ? `${CHAT_TEXTS.initError}: ${chat.connection.lastError}`
                : CHAT_TEXTS.initError
            }
            onRetry={chat.reconnect}
          />
        </Box>
      )}
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 230px)', sm: 'calc(100dvh - 250px)' },
          minHeight: 420,
          overflow: 'hidden',
          borderRadius: 3,
        }}
      >
        {listVisible && (
          <Box
            component="section"
            aria-label="Personas"
            sx={{
              width: isSingleView ? '100%' : 320,
              flexShrink: 0,
              borderRight: isSingleView ? 0 : '1px solid',
              borderColor: 'divider',
              overflowY: 'auto',
            }}
          >
            {users.isError ? (
              <Box sx={{ p: 2 }}>
                <ErrorAlert
                  message={CHAT_TEXTS.usersError}
                  onRetry={() => void users.refetch()}
                  isRetrying={users.isFetching}
                />
              </Box>
            ) : (
              <ChatUserList
                entries={entries}
                myId={myId}
                selectedId={selected?.id ?? null}
                isLoading={users.isPending}
                onSelect={select}
              />
            )}
          </Box>
        )}
        {conversationVisible && (
          <Box component="section" aria-label="Conversación" sx={{ flex: 1, minWidth: 0 }}>
            {selected ? (
              <LazyConversation
                key={selected.id}
                myId={myId}
                partner={selected}
                initialMessage={
                  selected.id === preselected?.userId ? preselected.initialMessage : ''
                }
                showBack={isSingleView}
                onBack={() => setShowConversation(false)}
                receivedNote={receivedNote}
                receivedAction={receivedAction}
                composerSlot={composerSlot}
                partnerPanel={partnerPanel}
                renderMeetup={renderMeetup}
                headerAction={headerAction?.(selected.id)}
              />
            ) : (
              <Box
                sx={{
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  color: 'text.secondary',
                  gap: 1,
                  p: 3,
                  textAlign: 'center',
                }}
              >
                <ChatBubbleOutline sx={{ fontSize: 48, color: 'primary.light' }} />
                <Typography>{CHAT_TEXTS.pickSomeone}</Typography>
              </Box>
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
};
