/**
 * The web app's one route table (issue 19): every page, from which the others are derived:
 *
 * - the browser's router (apps/web/src/app/router.tsx: each `page` is a module under
 *   apps/web/src/app/, its loader checked for every page by the type checker);
 * - the server's 404s and robots.txt (apps/server/src/plugins/web.ts);
 * - the server's render (apps/web/src/app/entry-server.tsx): `data` pages are rendered with their
 *   data for a visitor without a session;
 * - the JavaScript budget (scripts/budget.mjs: each page's module in the Vite manifest).
 *
 * `path` is a pattern (`:name` stands for one path segment). `access: 'protected'` pages need a
 * session (the route guard sends others to /login); `access: 'admin'` pages need one with
 * ROLE_ADMIN too (others see 'No estás autorizado…'; decision 079). `data: true` pages show data anyone may see
 * (spec section 2; decisions 002 and 012): the server renders them with it. `indexable: false`
 * asks search engines not to crawl: signed-in pages and the single-use links sent by email.
 */
export const WEB_ROUTES = [
  { path: '/', page: 'routes/home', access: 'public', data: true, indexable: true },
  { path: '/login', page: 'routes/auth/login', access: 'public', data: false, indexable: true },
  {
    path: '/register',
    page: 'routes/auth/register',
    access: 'public',
    data: false,
    indexable: true,
  },
  {
    path: '/verification-pending',
    page: 'routes/auth/verification-pending',
    access: 'public',
    data: false,
    indexable: false,
  },
  {
    path: '/verify-email',
    page: 'routes/auth/verify-email',
    access: 'public',
    data: false,
    indexable: false,
  },
  {
    path: '/forgot-password',
    page: 'routes/auth/forgot-password',
    access: 'public',
    data: false,
    indexable: true,
  },
  {
    path: '/reset-password',
    page: 'routes/auth/reset-password',
    access: 'public',
    data: false,
    indexable: false,
  },
  {
    path: '/user/:userId',
    page: 'routes/public-profile',
    access: 'public',
    data: true,
    indexable: true,
  },
  { path: '/search', page: 'routes/search', access: 'public', data: true, indexable: true },
  {
    path: '/consejos-de-seguridad',
    page: 'routes/safety-tips',
    access: 'public',
    data: false,
    indexable: true,
  },
  { path: '/products', page: 'routes/products', access: 'public', data: true, indexable: true },
  {
    path: '/products/:id',
    page: 'routes/product-detail',
    access: 'public',
    data: true,
    indexable: true,
  },
  { path: '/profile', page: 'routes/profile', access: 'protected', data: false, indexable: false },
  {
    path: '/my-favorites',
    page: 'routes/my-favorites',
    access: 'protected',
    data: false,
    indexable: false,
  },
  {
    path: '/create-product',
    page: 'routes/create-product',
    access: 'protected',
    data: false,
    indexable: false,
  },
  { path: '/chat', page: 'routes/chat', access: 'protected', data: false, indexable: false },
  {
    path: '/my-products',
    page: 'routes/my-products',
    access: 'protected',
    data: false,
    indexable: false,
  },
  {
    path: '/my-purchases',
    page: 'routes/my-purchases',
    access: 'protected',
    data: false,
    indexable: false,
  },
  {
    path: '/my-searches',
    page: 'routes/my-searches',
    access: 'protected',
    data: false,
    indexable: false,
  },
  {
    path: '/notifications',
    page: 'routes/notifications',
    access: 'protected',
    data: false,
    indexable: false,
  },
  {
    path: '/admin-panel',
    page: 'routes/admin-panel',
    access: 'protected',
    data: false,
    indexable: false,
  },
  {
    path: '/admin-panel/moderacion',
    page: 'routes/moderation',
    access: 'admin',
    data: false,
    indexable: false,
  },
] as const satisfies readonly {
  path: string;
  page: string;
  access: 'public' | 'protected' | 'admin';
  data: boolean;
  indexable: boolean;
}[];

export type WebRoute = (typeof WEB_ROUTES)[number];
export type WebRoutePath = WebRoute['path'];
export type WebPage = WebRoute['page'];
/** The pages rendered on the server with their data. */
export type DataRoutePath = Extract<WebRoute, { data: true }>['path'];

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

const PATTERNS = WEB_ROUTES.map((route) => segmentsOf(route.path));

/**
 * The route a request path (no query string; one trailing slash allowed) belongs to, e.g. the
 * '/products/:id' route for '/products/42'; undefined when it is no page of the app.
 */
export const findWebRoute = (pathname: string): WebRoute | undefined => {
  if (pathname.includes('//')) return undefined;
  const segments = segmentsOf(pathname);
  const index = PATTERNS.findIndex(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, position) => part.startsWith(':') || part === segments[position]),
  );
  return index === -1 ? undefined : WEB_ROUTES[index];
};

/** The pattern of the page a request path belongs to (see findWebRoute). */
export const matchWebRoute = (pathname: string): WebRoutePath | undefined =>
  findWebRoute(pathname)?.path;

/** Whether a request path (no query string; one trailing slash allowed) is a page of the app. */
export const isWebRoute = (pathname: string): boolean => findWebRoute(pathname) !== undefined;
