import { NOTIFICATIONS_PAGE_SIZE } from '@unimercado/shared/constants';
import type { Notification, NotificationCounts } from '@unimercado/shared/schemas/notifications';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api, getPage } from '@/lib/api-client';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** Spec section 7: `GET /api/notifications?userId=` (the caller's own), one page at a time. */
export const getNotifications = (userId: number, read: boolean, page: number) =>
  getPage<Notification>('/notifications', {
    query: { userId, read, page, size: NOTIFICATIONS_PAGE_SIZE },
  });

export const notificationsQueryOptions = (userId: number, read: boolean) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', userId, read],
    queryFn: ({ pageParam }) => getNotifications(userId, read, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? pages.length : undefined;
    },
    staleTime: 0,
  });

export const useNotifications = (userId: number, read: boolean) =>
  useInfiniteQuery(notificationsQueryOptions(userId, read));

export const getNotificationCounts = () => api.get<NotificationCounts>('/notifications/count');

export const notificationCountsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'counts', userId],
    queryFn: getNotificationCounts,
  });

/** The bell and the tab title: unread notifications of the signed-in user (0 when signed out). */
export const useUnreadNotificationCount = (userId: number | null) => {
  const counts = useQuery({
    ...notificationCountsQueryOptions(userId ?? 0),
    enabled: userId !== null,
  });
  return userId === null ? 0 : (counts.data?.unread ?? 0);
};
