import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CHAT_LIMITS } from '@unimercado/shared/chat-constants';
import type { Meetup } from '@unimercado/shared/schemas/meetups';
import { useQueryClient } from '@tanstack/react-query';
import {
  Fragment,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { TextField } from '@/components/form/text-field';
import { hrefs } from '@/config/paths';
import { formatTime } from '@/utils/format';
import { getInitials } from '@/utils/initials';
import { CHAT_KEY } from '../api/get-chat-users';
import { useChatMessages } from '../api/get-chat-messages';
import { UNREAD_MESSAGES_KEY } from '../api/get-unread-messages';
import { markConversationRead } from '../api/mark-conversation-read';
import { useChat } from '../hooks/use-chat';
import { useChatFocus } from '../hooks/use-chat-focus';
import { CHAT_TEXTS } from '../messages';
import { mergeHistory, type DisplayMessage } from '../utils/chat-messages';
import { HEADER_SX, HISTORY_SX, HistorySkeleton } from './conversation-layout';
import { MessageText } from './message-text';

const Bubble = ({
  message,
  isMine,
  action,
}: {
  message: DisplayMessage;
  isMine: boolean;
  /** Beside the bubble (a received message's 'Reportar mensaje'). */
  action?: ReactNode;
}) => (
  <Box
    sx={{
      display: 'flex',
      justifyContent: isMine ? 'flex-end' : 'flex-start',
      alignItems: 'center',
      gap: 0.5,
      mb: 1,
    }}
  >
    <Box
      sx={{
        maxWidth: '78%',
        px: 1.75,
        py: 1,
        borderRadius: 3,
        borderBottomRightRadius: isMine ? 6 : undefined,
        borderBottomLeftRadius: isMine ? undefined : 6,
        bgcolor: isMine ? 'primary.main' : 'grey.100',
        color: isMine ? 'primary.contrastText' : 'text.primary',
        opacity: message.temporary ? 0.7 : 1,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography variant="body2" component="div">
        <MessageText content={message.content} />
      </Typography>
      <Typography
        variant="caption"
        component="div"
        sx={{ textAlign: 'right', opacity: 0.8, mt: 0.25 }}
      >
        {message.temporary ? CHAT_TEXTS.sending : formatTime(message.createdAt)}
      </Typography>
    </Box>
    {action}
  </Box>
);

/**
 * One conversation in reading order: the history (its newest page first, older pages loaded
 * above), live messages and the composer.
 */
export const Conversation = ({
  myId,
  partner,
  initialMessage,
  showBack,
  onBack,
  receivedNote,
  receivedAction,
  composerSlot,
  partnerPanel,
  renderMeetup,
  headerAction,
}: {
  /** Shown between the header and the history (the page composes the hand-off cards here). */
  partnerPanel?: ((partner: { id: number; name: string }) => ReactNode) | undefined;
  /** How a message carrying a meet-up proposal shows (the page composes the meet-up card). */
  renderMeetup?: ((message: DisplayMessage & { meetup: Meetup }) => ReactNode) | undefined;
  /** Beside the partner's name (the page composes 'Proponer encuentro'). */
  headerAction?: ReactNode;
  /** Shown under each message the partner sent (the page composes the safety nudge here). */
  receivedNote?: ((message: { id: number; content: string }) => ReactNode) | undefined;
  /** Beside each message the partner sent (the page composes 'Reportar mensaje' here). */
  receivedAction?: ((message: { id: number }) => ReactNode) | undefined;
  /**
   * Where the composer goes: the page may put something in its place (a closed conversation's
   * notice, decision 081). Without it, the composer.
   */
  composerSlot?: ((partnerId: number, composer: ReactNode) => ReactNode) | undefined;
  myId: number;
  partner: { id: number; name: string };
  initialMessage: string;
  showBack: boolean;
  onBack: () => void;
}) => {
  const chat = useChat();
  // No push for this conversation while it is on screen (decision 092).
  useChatFocus(partner.id, chat.connection.state === 'connected');
  const queryClient = useQueryClient();
  const history = useChatMessages(partner.id);
  const [draft, setDraft] = useState(initialMessage);
  const scroller = useRef<HTMLDivElement>(null);
  const live = chat.liveWith(partner.id);

  const messages = useMemo(
    // Each page is oldest first; older pages come after in `pages` and go above.
    () =>
      mergeHistory(
        [...(history.data?.pages ?? [])].reverse().flatMap((page) => page.items),
        live,
      ),
    [history.data, live],
  );
  const lastId = messages.at(-1)?.id;
  const unreadFromPartner = messages.some((m) => m.senderId === partner.id && !m.read);

  // Opening the conversation, and each message arriving while it is open, marks it read.
  useEffect(() => {
    if (!unreadFromPartner) return;
    const timer = setTimeout(() => {
      void markConversationRead(partner.id)
        .then(() =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: [...CHAT_KEY, 'users'] }),
            queryClient.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY }),
          ]),
        )
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [partner.id, lastId, unreadFromPartner, queryClient]);

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId, partner.id]);

  const isConnected = chat.connection.state === 'connected';
  const canSend = draft.trim() !== '' && isConnected;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (draft.trim() === '') return;
    if (chat.send(partner.id, draft)) setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const composer = (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', p: 1.5 }}
    >
      <TextField
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={CHAT_TEXTS.placeholder}
        multiline
        maxRows={4}
        size="small"
        slotProps={{
          htmlInput: { maxLength: CHAT_LIMITS.messageMaxLength, 'aria-label': 'Mensaje' },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!canSend}
        endIcon={<SendIcon />}
        sx={{ minHeight: 44, flexShrink: 0 }}
      >
        {CHAT_TEXTS.send}
      </Button>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={HEADER_SX}>
        {showBack && (
          <IconButton aria-label={CHAT_TEXTS.back} onClick={onBack} edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        {/* One colour for a person, as in the list beside (issue 18). */}
        <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40 }}>
          {getInitials(partner.name)}
        </Avatar>
        <Link
          component={RouterLink}
          to={hrefs.publicProfile(partner.id)}
          underline="hover"
          color="text.primary"
          sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {partner.name}
        </Link>
        {headerAction}
      </Box>
      {partnerPanel?.(partner)}

      <Box
        ref={scroller}
        sx={{ ...HISTORY_SX, overflowY: 'auto' }}
        aria-live="polite"
        aria-label={`Conversación con ${partner.name}`}
        role="log"
      >
        {history.isPending ? (
          <HistorySkeleton />
        ) : history.isError ? (
          <ErrorAlert
            message={CHAT_TEXTS.messagesError}
            onRetry={() => void history.refetch()}
            isRetrying={history.isFetching}
          />
        ) : (
          <>
            {history.hasNextPage && (
              <Box sx={{ textAlign: 'center', mb: 2 }}>
                <Button
                  size="small"
                  onClick={() => void history.fetchNextPage()}
                  disabled={history.isFetchingNextPage}
                >
                  {CHAT_TEXTS.older}
                </Button>
              </Box>
            )}
            {messages.length === 0 && (
              <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
                {CHAT_TEXTS.emptyConversation}
              </Typography>
            )}
            {messages.map((message) => (
              <Fragment key={message.id}>
                {message.meetup && renderMeetup ? (
                  renderMeetup({ ...message, meetup: message.meetup })
                ) : (
                  <Bubble
                    message={message}
                    isMine={message.senderId === myId}
                    action={
                      message.senderId !== myId && message.id > 0
                        ? receivedAction?.(message)
                        : undefined
                    }
                  />
                )}
                {message.senderId !== myId && receivedNote?.(message)}
              </Fragment>
            ))}
          </>
        )}
      </Box>

      {chat.sendError && (
        <Alert severity="error" onClose={chat.clearSendError} sx={{ mx: 2, mt: 1 }}>
          {chat.sendError}
        </Alert>
      )}
      {composerSlot ? composerSlot(partner.id, composer) : composer}
    </Box>
  );
};
