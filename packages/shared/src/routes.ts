/**
 * The web app's pages, as path patterns (`:name` stands for one path segment). The server uses
 * this table to answer 404 for paths that are no page (the app still shows its not-found page)
 * and to write robots.txt.
 *
 * KEEP IN SYNC with the web router (apps/web/src/app/router.tsx, paths from
 * apps/web/src/config/paths.ts): a server test compares both, so a page added on one side only
 * fails the build.
 *
 * `indexable: false` marks pages search engines are asked not to crawl: signed-in pages and the
 * single-use links sent by email.
 */
export const WEB_ROUTES = [
  { path: '/', indexable: true },
  { path: '/login', indexable: true },
  { path: '/register', indexable: true },
  { path: '/verification-pending', indexable: false },
  { path: '/verify-email', indexable: false },
  { path: '/forgot-password', indexable: true },
  { path: '/reset-password', indexable: false },
  { path: '/user/:userId', indexable: true },
  { path: '/search', indexable: true },
  { path: '/products', indexable: true },
  { path: '/products/:id', indexable: true },
  { path: '/profile', indexable: false },
  { path: '/my-favorites', indexable: false },
  { path: '/create-product', indexable: false },
  { path: '/chat', indexable: false },
  { path: '/my-products', indexable: false },
  { path: '/my-purchases', indexable: false },
  { path: '/notifications', indexable: false },
  { path: '/admin-panel', indexable: false },
] as const satisfies readonly { path: string; indexable: boolean }[];

export type WebRoutePath = (typeof WEB_ROUTES)[number]['path'];

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

const PATTERNS = WEB_ROUTES.map((route) => segmentsOf(route.path));

/**
 * The pattern of the page a request path (no query string; one trailing slash allowed) belongs
 * to, e.g. '/products/:id' for '/products/42'; undefined when it is no page of the app.
 */
export const matchWebRoute = (pathname: string): WebRoutePath | undefined => {
  if (pathname.includes('//')) return undefined;
  const segments = segmentsOf(pathname);
  const index = PATTERNS.findIndex(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, position) => part.startsWith(':') || part === segments[position]),
  );
  return index === -1 ? undefined : WEB_ROUTES[index]?.path;
};

/** Whether a request path (no query string; one trailing slash allowed) is a page of the app. */
export const isWebRoute = (pathname: string): boolean => matchWebRoute(pathname) !== undefined;
