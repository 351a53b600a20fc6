import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryCache, skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import { WEB_ROUTES, type WebRoutePath } from '@unimercado/shared/routes';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { setApiTransport, type ApiTransport } from '@/lib/api-client';
import { RenderedPartsContext } from '@/lib/lazy-part';
import { createQueryClient } from '@/lib/query-client';
import { createSessionStore } from '@/lib/session-store';
import { PAGE_STATE_ID, type PageState } from './page-state';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The app rendered outside a browser, as a visitor without a session sees it (issue 7):
 *
 * - at build time (scripts/prerender.mjs, decision 034), each public page before any data has
 *   arrived: headings, forms, the skeletons of lists;
 * - by the server at request time (apps/server/src/plugins/page-render.ts, decision 036), the
 *   pages whose content is data, with that data: the server answers the app's API calls
 *   in-process.
 *
 * The browser's first render then starts from the same state (`PageState`: the parts the page
 * showed, and the answers it used) and replaces the page without a flash (app/main.tsx).
 */

/** Pages prerendered at build time, by route (with a URL of that route to render). */
export const PRERENDERED_PAGES = [
  { route: '/', url: '/' },
  { route: '/login', url: '/login' },
  { route: '/register', url: '/register' },
  { route: '/forgot-password', url: '/forgot-password' },
  { route: '/products', url: '/products' },
  { route: '/search', url: '/search' },
  // Dynamic pages: what shows while their data loads, the same for every id.
  { route: '/products/:id', url: '/products/1' },
  { route: '/user/:userId', url: '/user/1' },
  // Any path that is no page of the app (answered with status 404).
  { route: '*', url: '/pagina-que-no-existe' },
] as const satisfies readonly { route: WebRoutePath | '*'; url: string }[];

/** Pages whose content is data: the server renders them with it (decision 036). */
export const PAGES_WITH_DATA: readonly WebRoutePath[] = WEB_ROUTES.filter(
  (route) => route.data,
).map((route) => route.path);

export type RenderedPage = {
  /** The markup that goes inside the app's root element. */
  html: string;
  /** The page's <title>, the <style> elements of what the markup uses, and its `PageState`. */
  head: string;
};

/**
 * Emotion's style elements for a render into `cache`, in the format of Emotion's server package
 * (whose streaming half the app does not need): the global styles one element each, then one
 * element with the rules of every class the markup uses (rules inserted for a loading state that
 * the markup no longer shows are left out). The browser's cache of the same key adopts them
 * instead of inserting the rules again.
 */
const styleTagsOf = (cache: EmotionCache, markup: string) => {
  const used = new Set(
    Array.from(markup.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9_-]+)`, 'g')), (m) => m[1]),
  );
  let globals = '';
  const ids: string[] = [];
  let rules = '';
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      globals += `<style data-emotion="${cache.key}-global ${id}">${css}</style>`;
    } else if (used.has(id)) {
      ids.push(id);
      rules += css;
    }
  }
  return `${globals}<style data-emotion="${cache.key} ${ids.join(' ')}">${rules}</style>`;
};

/**
 * JSON that can stand inside a <script> element: `<` escaped, so no text of the data (a title
 * with `</script>`) can end the element.
 */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const streamToString = async (stream: NodeJS.ReadableStream) => {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : String(chunk);
  return text;
};

/**
 * The query cache of one render: it notes which queries a component asked for while enabled
 * (a query built for a disabled `useQuery`, e.g. the favourites of a signed-in member, is not
 * fetched), so the render can fetch what the page is missing.
 */
const createRenderQueryCache = () => {
  const queryCache = new QueryCache();
  const wanted = new Set<string>();
  const build = queryCache.build.bind(queryCache);
  queryCache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args);
    const options = args[1] as { enabled?: unknown; queryFn?: unknown };
    const enabled =
      typeof options.enabled === 'function'
        ? (options.enabled as (query: Query) => boolean)(query as Query)
        : options.enabled;
    if (enabled !== false && options.queryFn !== skipToken) wanted.add(query.queryHash);
    return query;
  }) as QueryCache['build'];
  const wantedIn = (status: Query['state']['status']) =>
    queryCache
      .getAll()
      .filter((query) => wanted.has(query.queryHash) && query.state.status === status);
  return {
    queryCache,
    /** Queries a component wanted that have never been fetched. */
    missing: () => wantedIn('pending'),
    /** Queries a component wanted whose answer was an error. */
    failed: () => wantedIn('error'),
    /** What the page showed: every answered query a component wanted. */
    answers: () =>
      wantedIn('success').map((query) => ({
        queryKey: query.queryKey,
        data: query.state.data,
        updatedAt: query.state.dataUpdatedAt,
      })),
  };
};

/** One static render of the app at `url`; rejects when a component throws. */
const renderApp = async (url: string, queryClient: QueryClient, parts: Set<string>) => {
  const cache = createCache({ key: 'css' });
  // Compat mode keeps the rules in the cache (for styleTagsOf) instead of inline <style> tags.
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <RenderedPartsContext value={parts}>
          <AppProvider queryClient={queryClient} sessionStore={createSessionStore()}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProvider>
        </RenderedPartsContext>
      </CacheProvider>
    </StrictMode>,
    {
      // A page that throws would be rendered as an empty client-rendered boundary: fail.
      onError: (error) => void errors.push(error),
      // Every part in its place: React would otherwise write a large part (over 12.8 KB) after
      // the rest, hidden, with an inline script to move it, which the page's CSP does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const markup = await streamToString(prelude);
  if (errors.length > 0) {
    throw new AggregateError(errors, `Rendering ${url} failed: ${String(errors[0])}`);
  }
  return { markup, cache };
};

const TITLE = /<title>[^<]*<\/title>/;
/** Renders with data: how many times to fetch what a render found missing (a page's data may
 * depend on data it has just received). */
const DATA_ROUNDS = 3;

/**
 * Renders one page as a visitor without a session sees it. Without `fetchApi`, before any data
 * (the build's prerender); with it, the page's API calls are answered through it, and the page
 * is rendered again until it has what it asked for; it rejects when an answer failed. React's static prerender waits for the lazy
 * page and its lazy parts, so the markup is the page, not the route's loading skeleton.
 *
 * With `fetchApi`, renders must not overlap: the app's API client has one transport.
 */
export const renderPage = async (
  url: string,
  { fetchApi }: { fetchApi?: ApiTransport } = {},
): Promise<RenderedPage> => {
  const { queryCache, missing, failed, answers } = createRenderQueryCache();
  const queryClient = createQueryClient({ queryCache, retry: false });
  if (fetchApi) setApiTransport(fetchApi);
  try {
    for (let round = 0; ; round += 1) {
      const parts = new Set<string>();
      const { markup, cache } = await renderApp(url, queryClient, parts);
      const toFetch = fetchApi && round < DATA_ROUNDS ? missing() : [];
      if (toFetch.length === 0) {
        // A page with a failed answer would show its error state for what is likely a passing
        // fault: the server sends the prerendered page instead, and the browser asks again.
        const failures = fetchApi ? failed() : [];
        if (failures.length > 0) {
          throw new Error(
            `Rendering ${url}: no answer for ${failures.map((query) => query.queryHash).join(', ')}`,
          );
        }
        // React 19 writes the page's <title> (components/layout/page-title.tsx) ahead of it.
        const title = TITLE.exec(markup)?.[0] ?? '';
        const html = markup.replace(TITLE, '');
        if (/<script\b/i.test(html)) throw new Error(`Rendering ${url} left a script in the page.`);
        const state: PageState = {
          parts: [...parts],
          ...(fetchApi ? { answers: answers() } : {}),
        };
        return {
          html,
          head: `${title}${styleTagsOf(cache, html)}<script type="application/json" id="${PAGE_STATE_ID}">${scriptSafeJson(state)}</script>`,
        };
      }
      await Promise.all(toFetch.map((query) => query.fetch().catch(() => undefined)));
    }
  } finally {
    if (fetchApi) setApiTransport(null);
  }
};
