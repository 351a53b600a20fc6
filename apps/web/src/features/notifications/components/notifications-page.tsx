import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/errors/error-alert';
import { ListSkeleton } from '@/components/feedback/list-skeleton';
import { RefreshButton } from '@/components/feedback/refresh-button';
import { toUserMessage } from '@/lib/api-client';
import { formatRelativeTime } from '@/utils/format';
import { notificationCountsQueryOptions, useNotifications } from '../api/get-notifications';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/mark-notification-read';
import { NOTIFICATION_TEXTS } from '../messages';
import { NotificationIcon } from './notification-icon';

const ICON_COLORS: Record<number, string> = {
  [NOTIFICATION_TYPES.message]: 'primary.main',
  [NOTIFICATION_TYPES.offerAnswered]: 'success.main',
};

const NotificationRow = ({
  notification,
  onMarkRead,
  isMarking,
}: {
  notification: Notification;
  onMarkRead: (id: number) => void;
  isMarking: boolean;
}) => {
  const content = (
    <>
      <Avatar
        sx={{
          bgcolor: notification.read ? 'grey.200' : 'rgba(98, 0, 234, 0.1)',
          color: ICON_COLORS[notification.typeId] ?? 'secondary.dark',
        }}
      >
        <NotificationIcon typeId={notification.typeId} />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: notification.read ? 400 : 600, overflowWrap: 'anywhere' }}>
          {notification.message}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatRelativeTime(notification.createdAt)}
        </Typography>
      </Box>
    </>
  );
  // On a phone the row takes the whole width and 'Marcar leída' goes under it.
  const rowSx = {
    gap: 2,
    py: 1.5,
    alignItems: 'flex-start',
    flex: 1,
    minWidth: 0,
    flexBasis: { xs: '100%', sm: 'auto' },
  } as const;
  return (
    <ListItem
      divider
      disablePadding
      sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' }, pb: { xs: 1, sm: 0 } }}
    >
      {/* It opens what it is about (its chat, the offers, the purchase), read on the way (issue 18). */}
      {notification.link ? (
        <ListItemButton
          component={RouterLink}
          to={notification.link}
          onClick={() => {
            if (!notification.read) onMarkRead(notification.id);
          }}
          sx={rowSx}
        >
          {content}
        </ListItemButton>
      ) : (
        <Box sx={{ ...rowSx, display: 'flex', px: 2 }}>{content}</Box>
      )}
      {!notification.read && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => onMarkRead(notification.id)}
          disabled={isMarking}
          sx={{ flexShrink: 0, minHeight: 44, ml: { xs: 9, sm: 0 }, mr: 2 }}
        >
          {NOTIFICATION_TEXTS.markRead}
        </Button>
      )}
    </ListItem>
  );
};

/** /notifications (spec section 2). */
export const NotificationsPage = ({ userId }: { userId: number }) => {
  const [showRead, setShowRead] = useState(false);
  const list = useNotifications(userId, showRead);
  const counts = useQuery(notificationCountsQueryOptions(userId));
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unreadCount = counts.data?.unread ?? 0;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  const refresh = () => {
    void list.refetch();
    void counts.refetch();
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
            {NOTIFICATION_TEXTS.title}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Chip color="primary" label={NOTIFICATION_TEXTS.unreadCount(unreadCount)} />
            <Chip variant="outlined" label={NOTIFICATION_TEXTS.readCount(counts.data?.read ?? 0)} />
          </Stack>
        </Box>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          {unreadCount > 0 && (
            <Button
              variant="outlined"
              onClick={() => markAllRead.mutate()}
              disabled={markAllRead.isPending}
              sx={{ minHeight: 44 }}
            >
              {NOTIFICATION_TEXTS.markAllRead}
            </Button>
          )}
          <FormControlLabel
            control={
              <Switch checked={showRead} onChange={(event) => setShowRead(event.target.checked)} />
            }
            label={NOTIFICATION_TEXTS.showRead}
          />
          <RefreshButton
            onClick={refresh}
            busy={list.isFetching}
            label={NOTIFICATION_TEXTS.refresh}
          />
        </Stack>
      </Stack>

      {(markRead.isError || markAllRead.isError) && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          onClose={() => {
            markRead.reset();
            markAllRead.reset();
          }}
        >
          {toUserMessage(markRead.error ?? markAllRead.error, NOTIFICATION_TEXTS.markError)}
        </Alert>
      )}

      <Card variant="outlined">
        {list.isPending ? (
          <ListSkeleton avatarSize={40} />
        ) : list.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorAlert
              message={NOTIFICATION_TEXTS.loadError}
              onRetry={() => void list.refetch()}
              isRetrying={list.isFetching}
            />
          </Box>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
            {showRead ? NOTIFICATION_TEXTS.emptyRead : NOTIFICATION_TEXTS.emptyUnread}
          </Typography>
        ) : (
          <List disablePadding>
            {items.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                onMarkRead={(id) => markRead.mutate(id)}
                isMarking={markRead.isPending && markRead.variables === notification.id}
              />
            ))}
          </List>
        )}
      </Card>

      {!list.isPending && !list.isError && (
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 2, flexWrap: 'wrap' }}
        >
          <Typography variant="body2" color="text.secondary">
            {NOTIFICATION_TEXTS.footer(items.length, total)}
          </Typography>
          {list.hasNextPage && (
            <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {NOTIFICATION_TEXTS.more}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
};
