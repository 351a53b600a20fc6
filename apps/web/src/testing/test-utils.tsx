import { STORAGE_KEYS } from '@unimercado/shared/constants';
import { render } from '@testing-library/react';
import { StrictMode, useLayoutEffect } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { type HistoryPath } from '@/app/history-path';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import type { SessionUser } from '@/lib/session';
import { getSessionStore, resetSessionStore } from '@/lib/session-store';

export const TEST_USER: SessionUser = {
  id: 7,
  name: 'Ana María López',
  email: 'ana@uni.edu',
  roles: ['ROLE_USER'],
  role: 'ROLE_USER',
  verified: true,
};

export const TEST_ADMIN: SessionUser = {
  id: 1,
  name: 'Admin Central',
  email: 'admin@uni.edu',
  roles: ['ROLE_ADMIN', 'ROLE_USER'],
  role: 'ROLE_ADMIN',
  verified: true,
};

export const seedSession = (user: SessionUser, token = 'test-token') => {
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
};

export const setViewportWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
};

/** What tests read of the router: the current location, and a way to navigate. */
export type TestRouter = {
  state: { location: Location };
  navigate: NavigateFunction;
};

const RouterProbe = ({
  onChange,
}: {
  onChange: (location: Location, navigate: NavigateFunction) => void;
}) => {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange(location, navigate));
  return null;
};

type RenderAppOptions = {
  user?: SessionUser | null;
  width?: number;
  state?: unknown;
  strict?: boolean;
  /** Where the history is while a page loads (BrowserRouter's address bar, app/main.tsx). */
  historyPath?: HistoryPath;
};

/** Renders the whole app (providers + real route table) at `path`. */
export const renderApp = (
  path: string,
  { user = null, width = 1280, state, strict = false, historyPath }: RenderAppOptions = {},
) => {
  if (user) seedSession(user);
  setViewportWidth(width);
  // The app and the API client share one store, as in production (lib/api-client.ts).
  resetSessionStore();
  const sessionStore = getSessionStore();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const url = new URL(path, 'http://localhost');
  const router = { state: {} } as TestRouter;
  const follow = (location: Location, navigate: NavigateFunction) => {
    router.state.location = location;
    router.navigate = navigate;
  };
  const app = (
    <AppProvider queryClient={queryClient} sessionStore={sessionStore}>
      <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, state }]}>
        <RouterProbe onChange={follow} />
        <AppRoutes {...(historyPath ? { historyPath } : {})} />
      </MemoryRouter>
    </AppProvider>
  );
  const utils = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...utils, router, sessionStore, queryClient };
};

type Handler = (request: {
  url: URL;
  method: string;
  body: unknown;
  headers: Headers;
}) => Response | Promise<Response>;

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * Stubs fetch with a small route table: keys like 'POST /api/auth/login'. Unknown calls answer
 * 404 with the contract's error body. Returns the mock to inspect calls.
 */
export const mockFetch = (handlers: Record<string, Handler>) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof Request ? input.url : input.href,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = handlers[`${method} ${url.pathname}`];
    const rawBody = init?.body;
    const body: unknown = typeof rawBody === 'string' ? JSON.parse(rawBody) : undefined;
    if (!handler) return jsonResponse(404, { error: 'No encontrado', code: 'NOT_FOUND' });
    return handler({ url, method, body, headers: new Headers(init?.headers) });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

type FetchMock = ReturnType<typeof mockFetch>;

/**
 * The URL, method and JSON body of the n-th fetch call. Signed-in pages also fetch for the top
 * bar (notifications count) in an order that depends on timing: for a page's own request, use
 * `requestTo`.
 */
export const requestOf = (fetchMock: FetchMock, index = 0) => {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was not called ${index + 1} time(s)`);
  const [input, init] = call;
  const url = typeof input === 'string' ? input : input instanceof Request ? input.url : input.href;
  const rawBody = init?.body;
  return {
    url,
    method: init?.method ?? 'GET',
    body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : undefined,
  };
};

/** The first fetch call whose path starts with `path` (method and JSON body as in `requestOf`). */
export const requestTo = (fetchMock: FetchMock, path: string) => {
  const index = fetchMock.mock.calls.findIndex(([input]) => {
    const url =
      typeof input === 'string' ? input : input instanceof Request ? input.url : input.href;
    return url.startsWith(path);
  });
  if (index === -1) throw new Error(`fetch was not called for ${path}`);
  return requestOf(fetchMock, index);
};
