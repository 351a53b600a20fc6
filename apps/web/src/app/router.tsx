import Box from '@mui/material/Box';
import { ROLE_ADMIN, ROLE_USER } from '@unimercado/shared/constants';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/components/auth/protected-route';
import { NotFound } from '@/components/errors/not-found';
import { RouteError } from '@/components/errors/route-error';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { RootLayout } from './root-layout';

/** Code-split pages: each route module is loaded when first visited. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/**
 * Spec section 2 route table. /products and /products/:id stay public (decision 002), and so does
 * /user/:userId (decision 012).
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Box sx={{ minHeight: '100vh' }} />,
    children: [
      {
        index: true,
        lazy: page(
          () => import('./routes/home'),
          (m) => m.HomeRoute,
        ),
      },
      {
        path: paths.login,
        lazy: page(
          () => import('./routes/auth/login'),
          (m) => m.LoginRoute,
        ),
      },
      {
        path: paths.register,
        lazy: page(
          () => import('./routes/auth/register'),
          (m) => m.RegisterRoute,
        ),
      },
      {
        path: paths.verificationPending,
        lazy: page(
          () => import('./routes/auth/verification-pending'),
          (m) => m.VerificationPendingRoute,
        ),
      },
      {
        path: paths.verifyEmail,
        lazy: page(
          () => import('./routes/auth/verify-email'),
          (m) => m.VerifyEmailRoute,
        ),
      },
      {
        path: paths.forgotPassword,
        lazy: page(
          () => import('./routes/auth/forgot-password'),
          (m) => m.ForgotPasswordRoute,
        ),
      },
      {
        path: paths.resetPassword,
        lazy: page(
          () => import('./routes/auth/reset-password'),
          (m) => m.ResetPasswordRoute,
        ),
      },
      {
        // Public (decision 012): anyone sees name, statistics and reviews; contact details are
        // for verified members.
        path: paths.publicProfile,
        lazy: page(
          () => import('./routes/public-profile'),
          (m) => m.PublicProfileRoute,
        ),
      },
      {
        path: paths.search,
        lazy: page(
          () => import('./routes/search'),
          (m) => m.SearchRoute,
        ),
      },
      {
        path: paths.products,
        lazy: page(
          () => import('./routes/products'),
          (m) => m.ProductsRoute,
        ),
      },
      {
        path: paths.productDetail,
        lazy: page(
          () => import('./routes/product-detail'),
          (m) => m.ProductDetailRoute,
        ),
      },
      {
        element: <ProtectedRoute roles={[ROLE_USER, ROLE_ADMIN]} />,
        children: [
          {
            path: paths.profile,
            lazy: page(
              () => import('./routes/profile'),
              (m) => m.ProfileRoute,
            ),
          },
          {
            path: paths.myFavorites,
            lazy: page(
              () => import('./routes/my-favorites'),
              (m) => m.MyFavoritesRoute,
            ),
          },
          {
            path: paths.createProduct,
            lazy: page(
              () => import('./routes/create-product'),
              (m) => m.CreateProductRoute,
            ),
          },
          {
            path: paths.chat,
            lazy: page(
              () => import('./routes/chat'),
              (m) => m.ChatRoute,
            ),
          },
          {
            path: paths.myProducts,
            lazy: page(
              () => import('./routes/my-products'),
              (m) => m.MyProductsRoute,
            ),
          },
          {
            path: paths.myPurchases,
            lazy: page(
              () => import('./routes/my-purchases'),
              (m) => m.MyPurchasesRoute,
            ),
          },
          {
            path: paths.notifications,
            lazy: page(
              () => import('./routes/notifications'),
              (m) => m.NotificationsRoute,
            ),
          },
          {
            // The page itself checks ROLE_ADMIN (spec section 2 leaves the route guard open).
            path: paths.adminPanel,
            lazy: page(
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

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** A 401 anywhere sends the browser to /login, remembering where it was (spec section 4). */
export const installUnauthorizedRedirect = (router: AppRouter) => {
  setUnauthorizedHandler(() => {
    const { location } = router.state;
    if (location.pathname === paths.login) return;
    void router.navigate(paths.login, { replace: true, state: { from: location } });
  });
};

export const createAppRouter = () => {
  const router = createBrowserRouter(routes);
  installUnauthorizedRedirect(router);
  return router;
};
