import { ROLE_ADMIN, ROLE_USER } from '@unimercado/shared/constants';
import { WEB_ROUTES, type WebPage, type WebRoute } from '@unimercado/shared/routes';
import { useEffect, type ComponentType } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/components/auth/protected-route';
import { NotFound } from '@/components/errors/not-found';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { lazyPart } from '@/lib/lazy-part';
import { HistoryPathContext, useHistoryPath, type HistoryPath } from './history-path';
import { RootLayout } from './root-layout';

/**
 * Each page's code, by its name in the shared route table (packages/shared/src/routes.ts): the
 * type checker fails when a page of the table has no loader here, so the router cannot drift
 * from the table the server and the budget read.
 */
const PAGE_LOADERS: { [P in WebPage]: () => Promise<ComponentType> } = {
  'routes/home': async () => (await import('./routes/home')).HomeRoute,
  'routes/auth/login': async () => (await import('./routes/auth/login')).LoginRoute,
  'routes/auth/register': async () => (await import('./routes/auth/register')).RegisterRoute,
  'routes/auth/verification-pending': async () =>
    (await import('./routes/auth/verification-pending')).VerificationPendingRoute,
  'routes/auth/verify-email': async () =>
    (await import('./routes/auth/verify-email')).VerifyEmailRoute,
  'routes/auth/forgot-password': async () =>
    (await import('./routes/auth/forgot-password')).ForgotPasswordRoute,
  'routes/auth/reset-password': async () =>
    (await import('./routes/auth/reset-password')).ResetPasswordRoute,
  'routes/public-profile': async () => (await import('./routes/public-profile')).PublicProfileRoute,
  'routes/search': async () => (await import('./routes/search')).SearchRoute,
  'routes/safety-tips': async () => (await import('./routes/safety-tips')).SafetyTipsRoute,
  'routes/products': async () => (await import('./routes/products')).ProductsRoute,
  'routes/product-detail': async () => (await import('./routes/product-detail')).ProductDetailRoute,
  'routes/profile': async () => (await import('./routes/profile')).ProfileRoute,
  'routes/my-favorites': async () => (await import('./routes/my-favorites')).MyFavoritesRoute,
  'routes/create-product': async () => (await import('./routes/create-product')).CreateProductRoute,
  'routes/chat': async () => (await import('./routes/chat')).ChatRoute,
  'routes/my-products': async () => (await import('./routes/my-products')).MyProductsRoute,
  'routes/my-purchases': async () => (await import('./routes/my-purchases')).MyPurchasesRoute,
  'routes/my-searches': async () => (await import('./routes/my-searches')).MySearchesRoute,
  'routes/notifications': async () => (await import('./routes/notifications')).NotificationsRoute,
  // The page itself checks ROLE_ADMIN (spec section 2 leaves the route guard open).
  'routes/admin-panel': async () => (await import('./routes/admin-panel')).AdminPanelRoute,
  'routes/moderation': async () => (await import('./routes/moderation')).ModerationRoute,
};

/**
 * Code-split pages: each route module is loaded when first visited; the layout's route boundary
 * shows a skeleton meanwhile and the connection screen when the chunk cannot load
 * (components/errors/route-boundary.tsx).
 *
 * The app uses React Router's declarative mode (`useRoutes`), not the data router: the data
 * router's code alone is ≈17 KB brotli (docs/decisions/015), and the app uses none of its
 * loaders or actions.
 */
const pageRoute = (route: WebRoute): RouteObject => {
  const Page = lazyPart(`page:${route.path}`, PAGE_LOADERS[route.page]);
  return {
    ...(route.path === '/' ? { index: true } : { path: route.path }),
    element: <Page />,
  };
};

/**
 * Spec section 2 route table, from the shared one. /products, /products/:id and /user/:userId
 * stay public (decisions 002 and 012).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      ...WEB_ROUTES.filter((route) => route.access === 'public').map(pageRoute),
      {
        element: <ProtectedRoute roles={[ROLE_USER, ROLE_ADMIN]} />,
        children: WEB_ROUTES.filter((route) => route.access === 'protected').map(pageRoute),
      },
      {
        element: <ProtectedRoute roles={[ROLE_ADMIN]} />,
        children: WEB_ROUTES.filter((route) => route.access === 'admin').map(pageRoute),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** A 401 anywhere sends the browser to /login, remembering where it was (spec section 4). */
const UnauthorizedRedirect = () => {
  const historyPath = useHistoryPath();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      // The router shows a new page as a transition, which waits for the page's code and data: a
      // 401 from that data comes while the page before is still shown (`location`). Where the
      // browser was going is the history's path (the address bar), when the router has one.
      const { pathname, search, hash } = historyPath?.() ?? location;
      if (pathname === paths.login) return;
      void navigate(paths.login, { replace: true, state: { from: { pathname, search, hash } } });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, location, historyPath]);
  return null;
};

/**
 * The route table, rendered inside a router (BrowserRouter in main.tsx, MemoryRouter in tests).
 * `historyPath`: where the router's history is while a page is still loading (the address bar).
 */
export const AppRoutes = ({ historyPath }: { historyPath?: HistoryPath }) => {
  const element = useRoutes(routes);
  return (
    <HistoryPathContext value={historyPath}>
      <UnauthorizedRedirect />
      {element}
    </HistoryPathContext>
  );
};
