import { paths } from '@/config/paths';

const AUTH_PAGES: readonly string[] = [
  paths.login,
  paths.register,
  paths.verifyEmail,
  paths.verificationPending,
  paths.forgotPassword,
  paths.resetPassword,
];

type FromLocation = { pathname?: unknown; search?: unknown; hash?: unknown };

/**
 * Where to go after signing in: the page remembered by the guard (location state `from`), else
 * /products. Only in-app paths are accepted, never an auth page.
 */
export const getPostLoginPath = (state: unknown): string => {
  const from = (state as { from?: FromLocation | string } | null | undefined)?.from;
  const location: FromLocation | undefined = typeof from === 'string' ? { pathname: from } : from;
  const pathname = typeof location?.pathname === 'string' ? location.pathname : '';
  if (!pathname.startsWith('/') || pathname.startsWith('//') || AUTH_PAGES.includes(pathname)) {
    return paths.products;
  }
  const search = typeof location?.search === 'string' ? location.search : '';
  const hash = typeof location?.hash === 'string' ? location.hash : '';
  return `${pathname}${search}${hash}`;
};
