import { ROLE_ADMIN, ROLE_USER } from '@unimercado/shared/constants';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/components/auth/protected-route';
import { NotFound } from '@/components/errors/not-found';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { lazyPart } from '@/lib/lazy-part';
import { RootLayout } from './root-layout';

/** What a code-split page's route carries besides its element. */
type PageHandle = { preload: () => Promise<void> };

/**
 * Code-split pages: each route module is loaded when first visited; the layout's route boundary
 * shows a skeleton meanwhile and the connection screen when the chunk cannot load
 * (components/errors/route-boundary.tsx). Use as `{ path, ...page(path, ...) }`.
 *
 * A page whose code was loaded beforehand (`preloadRoute`, before the first render) renders at
 * once instead of suspending, so the first render over a page the server wrote shows the page,
 * not its loading skeleton (lib/lazy-part.tsx, decision 034).
 *
 * The app uses React Router's declarative mode (`useRoutes`), not the data router: the data
 * router's code alone is ≈17 KB brotli of the 150 KB the first render may load (issue 7,
 * docs/decisions/015), and the app uses none of its loaders or actions.
 */
const page = <M,>(
  path: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): { element: ReactNode; handle: PageHandle } => {
  const Page = lazyPart(`page:${path}`, async () => pick(await load()));
  return { element: <Page />, handle: { preload: Page.preload } };
};

/**
 * Spec section 2 route table. /products and /products/:id stay public (decision 002), and so does
 * /user/:userId (decision 012).
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    children: [
      {
        index: true,
        ...page(
          paths.home,
          () => import('./routes/home'),
          (m) => m.HomeRoute,
        ),
      },
      {
        path: paths.login,
        ...page(
          paths.login,
          () => import('./routes/auth/login'),
          (m) => m.LoginRoute,
        ),
      },
      {
        path: paths.register,
        ...page(
          paths.register,
          () => import('./routes/auth/register'),
          (m) => m.RegisterRoute,
        ),
      },
      {
        path: paths.verificationPending,
        ...page(
          paths.verificationPending,
          () => import('./routes/auth/verification-pending'),
          (m) => m.VerificationPendingRoute,
        ),
      },
      {
        path: paths.verifyEmail,
        ...page(
          paths.verifyEmail,
          () => import('./routes/auth/verify-email'),
          (m) => m.VerifyEmailRoute,
        ),
      },
      {
        path: paths.forgotPassword,
        ...page(
          paths.forgotPassword,
          () => import('./routes/auth/forgot-password'),
          (m) => m.ForgotPasswordRoute,
        ),
      },
      {
        path: paths.resetPassword,
        ...page(
          paths.resetPassword,
          () => import('./routes/auth/reset-password'),
          (m) => m.ResetPasswordRoute,
        ),
      },
      {
        // Public (decision 012): anyone sees name, statistics and reviews; contact details are
        // for verified members.
        path: paths.publicProfile,
        ...page(
          paths.publicProfile,
          () => import('./routes/public-profile'),
          (m) => m.PublicProfileRoute,
        ),
      },
      {
        path: paths.search,
        ...page(
          paths.search,
          () => import('./routes/search'),
          (m) => m.SearchRoute,
        ),
      },
      {
        path: paths.products,
        ...page(
          paths.products,
          () => import('./routes/products'),
          (m) => m.ProductsRoute,
        ),
      },
      {
        path: paths.productDetail,
        ...page(
          paths.productDetail,
          () => import('./routes/product-detail'),
          (m) => m.ProductDetailRoute,
        ),
      },
      {
        element: <ProtectedRoute roles={[ROLE_USER, ROLE_ADMIN]} />,
        children: [
          {
            path: paths.profile,
            ...page(
              paths.profile,
              () => import('./routes/profile'),
              (m) => m.ProfileRoute,
            ),
          },
          {
            path: paths.myFavorites,
            ...page(
              paths.myFavorites,
              () => import('./routes/my-favorites'),
              (m) => m.MyFavoritesRoute,
            ),
          },
          {
            path: paths.createProduct,
            ...page(
              paths.createProduct,
              () => import('./routes/create-product'),
              (m) => m.CreateProductRoute,
            ),
          },
          {
            path: paths.chat,
            ...page(
              paths.chat,
              () => import('./routes/chat'),
              (m) => m.ChatRoute,
            ),
          },
          {
            path: paths.myProducts,
            ...page(
              paths.myProducts,
              () => import('./routes/my-products'),
              (m) => m.MyProductsRoute,
            ),
          },
          {
            path: paths.myPurchases,
            ...page(
              paths.myPurchases,
              () => import('./routes/my-purchases'),
              (m) => m.MyPurchasesRoute,
            ),
          },
          {
            path: paths.notifications,
            ...page(
              paths.notifications,
              () => import('./routes/notifications'),
              (m) => m.NotificationsRoute,
            ),
          },
          {
            // The page itself checks ROLE_ADMIN (spec section 2 leaves the route guard open).
            path: paths.adminPanel,
            ...page(
              paths.adminPanel,
              () => import('./routes/admin-panel'),
              (m) => m.AdminPanelRoute,
            ),
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * Loads the code of the page at `pathname` (and of the layouts around it) before the first render.
 * Rejects when it cannot be downloaded; the page's route boundary then handles it as it would.
 */
export const preloadRoute = async (pathname: string) => {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.flatMap((match) => {
      const handle = match.route.handle as PageHandle | undefined;
      return handle ? [handle.preload()] : [];
    }),
  );
};

/** A 401 anywhere sends the browser to /login, remembering where it was (spec section 4). */
const UnauthorizedRedirect = () => {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (location.pathname === paths.login) return;
      void navigate(paths.login, { replace: true, state: { from: location } });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, location]);
  return null;
};

/** The route table, rendered inside a router (BrowserRouter in main.tsx, MemoryRouter in tests). */
export const AppRoutes = () => {
  const element = useRoutes(routes);
  return (
    <>
      <UnauthorizedRedirect />
      {element}
    </>
  );
};
