import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { findWebRoute, type DataRoutePath } from '@unimercado/shared/routes';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { setServerAppName } from '@/config/env';
import { setApiTransport, type ApiTransport } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import type { Session, SessionUser } from '@/lib/session';
import { createSessionStore } from '@/lib/session-store';
import { createEmotionCache } from './emotion-cache';
import type { PrefetchPage } from './page-data';
import { PAGE_STATE_ID, type PageState } from './page-state';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { prefetchHome } from './routes/home';
import { prefetchProductDetail } from './routes/product-detail';
import { prefetchProducts } from './routes/products';
import { prefetchPublicProfile } from './routes/public-profile';
import { prefetchSearch } from './routes/search';

/**
 * The app rendered by the server for one request (issue 19, decision 045), the way React,
 * TanStack Query and MUI document it:
 *
 * 1. the page's data is fetched into a QueryClient of this request (`PREFETCH`, for the pages the
 *    shared route table marks `data`, only for a visitor without a session), its API calls
 *    answered by the server in-process through `fetchApi`;
 * 2. React's streaming renderer (`renderToPipeableStream`) renders the app from that state into a
 *    string once everything is ready (`onAllReady`), with an Emotion cache of its own whose
 *    critical styles `@emotion/server` extracts for the page's head;
 * 3. the state is handed over (`dehydrate`, written into the page as JSON) and the browser
 *    hydrates the same tree from it (`HydrationBoundary`, `hydrateRoot` in app/main.tsx).
 *
 * Renders run concurrently: each request's API transport lives in an AsyncLocalStorage, never in
 * module state. apps/server/src/plugins/page-render.ts bounds how many run at once and caches
 * their HTML.
 */

/** Each data page's prefetch; the type checker fails when a data page of the table has none. */
export const PREFETCH: { [P in DataRoutePath]: PrefetchPage } = {
  '/': prefetchHome,
  '/products': prefetchProducts,
  '/search': prefetchSearch,
  '/products/:id': prefetchProductDetail,
  '/user/:userId': prefetchPublicProfile,
};

/** The answers a render waits for at most; what is not in by then, the browser asks for. */
export const PREFETCH_WAIT_MS = 2_000;

const requestTransports = new AsyncLocalStorage<ApiTransport>();
// The app's API client asks through the transport of the request being rendered; outside a
// prefetch there is none, and a call fails (a component must not fetch while rendering).
setApiTransport((url, init) => {
  const transport = requestTransports.getStore();
  if (!transport) return Promise.reject(new Error(`No request to answer ${url} for.`));
  return transport(url, init);
});

export type RenderOptions = {
  /** Path and query string. */
  url: string;
  /** The product name (APP_NAME). */
  appName: string;
  /** The member the server's session cookie names, or null: the top bar drawn for them. */
  user: SessionUser | null;
  /** Given for a visitor without a session on a data page: the page is rendered with its data. */
  fetchApi?: ApiTransport | undefined;
};

export type RenderedPage = {
  /** The page's <title> and the other head elements React hoisted out of the app. */
  head: string;
  /** Emotion's style elements for the classes the markup uses (MUI's SSR guide). */
  styles: string;
  /** The markup inside the app's root element. */
  html: string;
  /** The `PageState` script element for the browser's hydration. */
  state: string;
};

/** JSON inside a <script> element: `<` escaped, so no text of the data can end the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const prefetch = async (url: URL, fetchApi: ApiTransport): Promise<DehydratedState> => {
  const queryClient = createQueryClient({ retry: false });
  const route = findWebRoute(url.pathname);
  if (route?.data) {
    const params = matchPath(route.path, url.pathname)?.params ?? {};
    let timer: NodeJS.Timeout | undefined;
    await requestTransports.run(fetchApi, () =>
      Promise.race([
        PREFETCH[route.path](queryClient, { params, searchParams: url.searchParams }),
        new Promise((resolve) => {
          timer = setTimeout(resolve, PREFETCH_WAIT_MS);
        }),
      ]).finally(() => clearTimeout(timer)),
    );
  }
  // Answered queries only (TanStack's default): a failed or late one is asked for again by the
  // browser, which renders its loading state from the same markup.
  return dehydrate(queryClient);
};

/** React's streaming render of `element`, collected once all of it is ready. */
const renderToHtml = (element: ReactNode) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Every part in its place: React would otherwise send a large part after the rest with an
      // inline script to move it, which the page's CSP does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // An error inside a boundary would be sent as a part the browser renders again: fail the
      // render instead (the server then sends the page without its data, or the app's shell).
      onError: (error) => {
        stream.abort(error);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });

/** Elements React hoists out of a render that is not a whole document: they go to <head>. */
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/** Renders the page at `options.url` for one request (see the top of this file). */
export const renderPage = async ({
  url,
  appName,
  user,
  fetchApi,
}: RenderOptions): Promise<RenderedPage> => {
  setServerAppName(appName);
  const location = new URL(url, 'http://localhost');
  const queries: DehydratedState =
    fetchApi && user === null ? await prefetch(location, fetchApi) : { queries: [], mutations: [] };
  // The token stays with the browser; the server's render only needs who is signed in.
  const serverSession: Session | null = user ? { token: '', user } : null;
  const emotionCache = createEmotionCache();
  const emotionServer = createEmotionServer(emotionCache);
  const markup = await renderToHtml(
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <AppProvider
          queryClient={createQueryClient({ retry: false })}
          sessionStore={createSessionStore()}
          queries={queries}
          serverSession={serverSession}
        >
          <StaticRouter location={`${location.pathname}${location.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
  );
  const head = LEADING_HOISTABLES.exec(markup)?.[0] ?? '';
  const html = markup.slice(head.length);
  if (/<script\b/i.test(html)) throw new Error(`Rendering ${url} left a script in the page.`);
  const state: PageState = { queries, user };
  return {
    head,
    styles: emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html)),
    html,
    state: `<script type="application/json" id="${PAGE_STATE_ID}">${scriptSafeJson(state)}</script>`,
  };
};
