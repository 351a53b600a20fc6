import type { Notification } from '@unimercado/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NOTIFICATIONS_KEY } from './get-notifications';

/** Spec section 7: `PUT /api/notifications/{id}/read`. */
export const markNotificationRead = (id: number) =>
  api.put<Notification>(`/notifications/${id}/read`);

/** Local state follows only after the call succeeds (spec section 4). */
export const useMarkNotificationRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
};

/** `PUT /api/notifications/read-all`: every unread notification of the caller (issue 18). */
export const markAllNotificationsRead = () =>
  api.put<{ updated: number }>('/notifications/read-all');

export const useMarkAllNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
};
