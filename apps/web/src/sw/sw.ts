/// <reference lib="webworker" />
// The service worker (decision 091), built by vite-plugin-pwa's injectManifest with Workbox:
// the app shell precached, the pages a member saw kept for offline reloads, public photos kept,
// nothing of the API. Web push (decision 092): shows a push, opens its page when tapped.
import type { PushPayload } from '@unimercado/shared/schemas/push';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  CLEAR_PAGES_MESSAGE,
  MAX_CACHED_PAGES,
  OFFLINE_PAGE_URL,
  PAGES_CACHE,
  PHOTOS_CACHE,
} from './offline-cache';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | PrecacheEntry)[];
};

// The app's code, styles, fonts, icons and the offline page: the shell that opens without a network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const isAppPage = (url: URL) =>
  url.origin === self.location.origin &&
  !['/api/', '/ws', '/uploads/', '/assets/'].some((prefix) => url.pathname.startsWith(prefix));

// Pages: the network first (always the current page when online); a page seen before when not.
// Only complete, successful answers are kept, at most MAX_CACHED_PAGES, and the page asks for
// them to be cleared when its member signs out or another signs in (lib/offline-app.ts).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppPage(url),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: MAX_CACHED_PAGES }),
    ],
  }),
);

// Product photos are public and never change under one address (decision 055).
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: PHOTOS_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

// A page never seen here, while offline: the 'Sin conexión' page.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const offline = await matchPrecache(OFFLINE_PAGE_URL);
    if (offline) return offline;
  }
  return Response.error();
});

self.addEventListener('message', (event) => {
  if (event.data === CLEAR_PAGES_MESSAGE) {
    event.waitUntil(caches.delete(PAGES_CACHE));
  }
});

// A new version takes over at once: the pages it serves come from the network anyway.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The server's payload (schemas/push.ts), checked by hand: zod stays out of the worker. */
const readPushPayload = (
  data: unknown,
): Pick<PushPayload, 'title' | 'body' | 'url' | 'tag'> | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if ([title, body, url, tag].some((value) => typeof value !== 'string')) return undefined;
  return { title, body, url, tag } as Pick<PushPayload, 'title' | 'body' | 'url' | 'tag'>;
};

self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined;
  }
  const push = readPushPayload(data);
  if (!push) return;
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'es',
      data: { url: push.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | undefined;
  const path = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) ?? windows[0];
      if (open) {
        await open.focus();
        if (open.url !== target) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
