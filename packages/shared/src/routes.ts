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

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

const PATTERNS = WEB_ROUTES.map((route) => segmentsOf(route.path));

/** Whether a request path (no query string; one trailing slash allowed) is a page of the app. */
export const isWebRoute = (pathname: string): boolean => {
  if (pathname.includes('//')) return false;
  const segments = segmentsOf(pathname);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
};
