// No imports: what the page's code and the service worker share about the offline caches
// (decision 091), small enough for the entry chunk.

/** The pages a member saw, kept for offline reloads; cleared when that member leaves. */
export const PAGES_CACHE = 'um-pages-v1';
/** Product photos (public), kept for offline pages. */
export const PHOTOS_CACHE = 'um-photos-v1';
/** The service worker's script, served from the site's root so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
/** Precached page shown for a page never seen on this device while offline. */
export const OFFLINE_PAGE_URL = '/offline.html';
/** A message the page sends the service worker: forget the pages of the member who left. */
export const CLEAR_PAGES_MESSAGE = 'um:clear-pages';
/** How many pages are kept (the last ones seen). */
export const MAX_CACHED_PAGES = 40;
