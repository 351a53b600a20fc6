import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushPreferences } from '@unimercado/shared/schemas/push';
import { api, apiRequest } from '@/lib/api-client';

const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['push', 'preferences'],
    queryFn: () => api.get<PushPreferences>('/push/preferences'),
  });

export const usePushPreferences = () => useQuery(preferencesQueryOptions());

export const useUpdatePushPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<PushPreferences>) =>
      api.put<PushPreferences>('/push/preferences', changes),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryOptions().queryKey, saved),
  });
};

/** Whether this browser can receive web push at all. */
export const isPushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The app's service worker (registered by lib/offline-app.ts in the built app only). */
const currentSubscription = async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = (await registration?.pushManager.getSubscription()) ?? null;
  return { registration, subscription };
};

/** This browser's subscription, if it has one (and the server has it: it is sent again). */
export const readDeviceSubscription = async () => (await currentSubscription()).subscription;

/**
 * Asks the person's permission, subscribes this browser with the server's VAPID key and hands
 * the subscription to the server (decision 092).
 */
export const subscribeDevice = async () => {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(permission);
  const { publicKey } = await api.get<{ publicKey: string }>('/push/public-key');
  const { registration, subscription: existing } = await currentSubscription();
  if (!registration) throw new Error('no service worker');
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    }));
  await api.post('/push/subscriptions', subscription.toJSON());
  return subscription;
};

/** Forgets this browser's subscription on the server, then in the browser. */
export const unsubscribeDevice = async () => {
  const { subscription } = await currentSubscription();
  if (!subscription) return;
  await apiRequest('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  }).catch(() => undefined);
  await subscription.unsubscribe();
};
