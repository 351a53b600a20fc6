import { CLEAR_PAGES_MESSAGE, PAGES_CACHE, SERVICE_WORKER_URL } from '@/sw/offline-cache';

/**
 * The page's side of the installable app (decision 091): registers the service worker, and
 * makes sure the pages one member saw are never shown to another: they are cleared when the
 * member signs out (by the menu, a 401 or another tab) and when a different member signs in, also
 * if the browser was closed in between (the member the cache belongs to is kept in storage).
 */
const CACHE_OWNER_KEY = 'um:offline-pages-owner';

const hasServiceWorker = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** After the page has loaded, so the worker's precaching never competes with the page's code. */
export const registerServiceWorker = () => {
  if (!hasServiceWorker() || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (private mode, a browser setting): the app works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};

/** Deletes the kept pages, from the page (Cache API) and through the worker. */
export const clearKeptPages = async () => {
  if (hasServiceWorker()) navigator.serviceWorker.controller?.postMessage(CLEAR_PAGES_MESSAGE);
  if (typeof caches !== 'undefined') await caches.delete(PAGES_CACHE);
};

/** The push subscription of this browser goes with the member (the next one subscribes anew). */
const dropPushSubscription = async () => {
  if (!hasServiceWorker()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
};

const readOwner = () => {
  try {
    return window.localStorage.getItem(CACHE_OWNER_KEY);
  } catch {
    return null;
  }
};

/**
 * The server renders pages for the HttpOnly session cookie set at sign-in (decision 045): it must
 * end with the sign-out, or the next page the browser asks for (and the worker keeps) would be
 * drawn for the member who left.
 */
const endServerSession = () =>
  fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).then(
    () => undefined,
    () => undefined,
  );

/**
 * Called with the signed-in member's id (null: nobody) at start and on every change: when the
 * pages kept belong to a member who is no longer the one signed in, they are deleted (after the
 * server's session cookie has gone, on a sign-out), and that member's push subscription is
 * dropped.
 */
export const keepOfflinePagesFor = async (userId: number | null) => {
  const owner = readOwner();
  const next = userId === null ? '' : String(userId);
  if (owner === next) return;
  try {
    window.localStorage.setItem(CACHE_OWNER_KEY, next);
  } catch {
    // Without storage the check runs again at the next start; clearing below still happens.
  }
  // Anonymous pages hold nothing of anyone: only a member's leave clears.
  if (owner !== null && owner !== '') {
    if (next === '') await endServerSession();
    await Promise.all([clearKeptPages(), dropPushSubscription()]).catch(() => undefined);
  }
};
