import { ROLE_ADMIN, ROLE_USER } from '@unimercado/shared/constants';
import { lazy, useEffect, type ComponentType } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/components/auth/protected-route';
import { NotFound } from '@/components/errors/not-found';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { RootLayout } from './root-layout';

/**
 * Code-split pages: each route module is loaded when first visited; the layout's route boundary
 * shows a skeleton meanwhile and the connection screen when the chunk cannot load
 * (components/errors/route-boundary.tsx). Use as `{ path, element: page(...) }`.
 *
 * The app uses React Router's declarative mode (`useRoutes`), not the data router: the data
 * router's code alone is ≈17 KB brotli of the 150 KB the first render may load (issue 7,
 * docs/decisions/015), and the app uses none of its loaders or actions.
 */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return <Page />;
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
        element: page(
          () => import('./routes/home'),
          (m) => m.HomeRoute,
        ),
      },
      {
        path: paths.login,
        element: page(
          () => import('./routes/auth/login'),
          (m) => m.LoginRoute,
        ),
      },
      {
        path: paths.register,
        element: page(
          () => import('./routes/auth/register'),
          (m) => m.RegisterRoute,
        ),
      },
      {
        path: paths.verificationPending,
        element: page(
          () => import('./routes/auth/verification-pending'),
          (m) => m.VerificationPendingRoute,
        ),
      },
      {
        path: paths.verifyEmail,
        element: page(
          () => import('./routes/auth/verify-email'),
          (m) => m.VerifyEmailRoute,
        ),
      },
      {
        path: paths.forgotPassword,
        element: page(
          () => import('./routes/auth/forgot-password'),
          (m) => m.ForgotPasswordRoute,
        ),
      },
      {
        path: paths.resetPassword,
        element: page(
          () => import('./routes/auth/reset-password'),
          (m) => m.ResetPasswordRoute,
        ),
      },
      {
        // Public (decision 012): anyone sees name, statistics and reviews; contact details are
        // for verified members.
        path: paths.publicProfile,
        element: page(
          () => import('./routes/public-profile'),
          (m) => m.PublicProfileRoute,
        ),
      },
      {
        path: paths.search,
        element: page(
          () => import('./routes/search'),
          (m) => m.SearchRoute,
        ),
      },
      {
        path: paths.products,
        element: page(
          () => import('./routes/products'),
          (m) => m.ProductsRoute,
        ),
      },
      {
        path: paths.productDetail,
        element: page(
          () => import('./routes/product-detail'),
          (m) => m.ProductDetailRoute,
        ),
      },
      {
        element: <ProtectedRoute roles={[ROLE_USER, ROLE_ADMIN]} />,
        children: [
          {
            path: paths.profile,
            element: page(
              () => import('./routes/profile'),
              (m) => m.ProfileRoute,
            ),
          },
          {
            path: paths.myFavorites,
            element: page(
              () => import('./routes/my-favorites'),
              (m) => m.MyFavoritesRoute,
            ),
          },
          {
            path: paths.createProduct,
            element: page(
              () => import('./routes/create-product'),
              (m) => m.CreateProductRoute,
            ),
          },
          {
            path: paths.chat,
            element: page(
              () => import('./routes/chat'),
              (m) => m.ChatRoute,
            ),
          },
          {
            path: paths.myProducts,
            element: page(
              () => import('./routes/my-products'),
              (m) => m.MyProductsRoute,
            ),
          },
          {
            path: paths.myPurchases,
            element: page(
              () => import('./routes/my-purchases'),
              (m) => m.MyPurchasesRoute,
            ),
          },
          {
            path: paths.notifications,
            element: page(
              () => import('./routes/notifications'),
              (m) => m.NotificationsRoute,
            ),
          },
          {
            // The page itself checks ROLE_ADMIN (spec section 2 leaves the route guard open).
            path: paths.adminPanel,
            element: page(
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
