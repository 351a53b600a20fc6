import Badge from '@mui/material/Badge';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ChatUser } from '@unimercado/shared/chat';
import { ListSkeleton } from '@/components/feedback/list-skeleton';
import { getInitials } from '@/utils/initials';
import { formatRelativeTime } from '@/utils/format';
import { CHAT_TEXTS } from '../messages';

export type ChatListEntry = Pick<ChatUser, 'id' | 'name'> & {
  lastMessage: ChatUser['lastMessage'];
  unreadCount: number;
};

/** People with a prior conversation plus the preselected one (spec section 2). */
export const ChatUserList = ({
  entries,
  myId,
  selectedId,
  isLoading,
  onSelect,
}: {
  entries: ChatListEntry[];
  myId: number;
  selectedId: number | null;
  isLoading: boolean;
  onSelect: (id: number) => void;
}) => {
  if (isLoading) return <ListSkeleton />;
  if (entries.length === 0) {
    return (
      <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
        <Typography sx={{ fontWeight: 500, color: 'text.primary' }}>
          {CHAT_TEXTS.emptyList}
        </Typography>
        <Typography variant="body2">{CHAT_TEXTS.emptyListHint}</Typography>
      </Box>
    );
  }
  return (
    <List disablePadding aria-label="Conversaciones">
      {entries.map((entry) => {
        const last = entry.lastMessage;
        const preview = last
          ? `${last.senderId === myId ? CHAT_TEXTS.you : ''}${last.content}`
          : '';
        return (
          <ListItemButton
            key={entry.id}
            selected={entry.id === selectedId}
            onClick={() => onSelect(entry.id)}
            aria-current={entry.id === selectedId ? 'true' : undefined}
            sx={{ py: 1.25, minHeight: 64 }}
          >
            <ListItemAvatar>
              <Badge
                badgeContent={entry.unreadCount}
                color="primary"
                overlap="circular"
                slotProps={{ badge: { 'aria-label': `${entry.unreadCount} sin leer` } }}
              >
                <Avatar sx={{ bgcolor: 'primary.main', width: 44, height: 44 }}>
                  {getInitials(entry.name)}
                </Avatar>
              </Badge>
            </ListItemAvatar>
            <ListItemText
              primary={entry.name}
              secondary={preview || ' '}
              slotProps={{
                primary: {
                  noWrap: true,
                  sx: { fontWeight: entry.unreadCount > 0 ? 700 : 500 },
                },
                secondary: { noWrap: true },
              }}
            />
            {last && (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ ml: 1, flexShrink: 0, alignSelf: 'flex-start', mt: 0.5 }}
              >
                {formatRelativeTime(last.createdAt)}
              </Typography>
            )}
          </ListItemButton>
        );
      })}
    </List>
  );
};
