import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { WebRoutePath } from '@unimercado/shared/routes';
import { StaticRouter } from 'react-router';
import { createSessionStore } from '@/lib/session-store';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * Build-time prerender of the first paint (issue 7, docs/decisions/034): what an anonymous visitor
 * sees of each public page before any data has arrived (headings, forms, the skeletons of lists),
 * rendered once by React in Node from the same components, with the styles they use. The server
 * writes it into that page's HTML (apps/server/src/plugins/web.ts), so the page paints without
 * waiting for its JavaScript; the app then renders over it (app/main.tsx).
 *
 * Pages whose first paint depends on who is signed in, or that act on mount (verification and
 * reset links), are not prerendered: their HTML keeps the light shell of index.html.
 */
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

export type PrerenderedPage = {
  /** The markup that goes inside the app's root element. */
  html: string;
  /** The page's <title>, and the <style> elements of what the markup uses. */
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

const streamToString = async (stream: NodeJS.ReadableStream) => {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : String(chunk);
  return text;
};

const TITLE = /<title>[^<]*<\/title>/;

/** One static render of the app at `url` into `cache`; rejects when a component throws. */
const renderApp = async (url: string, cache: EmotionCache) => {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider sessionStore={createSessionStore()}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    {
      // A page that throws would be prerendered as an empty client-rendered boundary: fail.
      onError: (error) => void errors.push(error),
      // Every part in its place: React would otherwise write a large part (over 12.8 KB) after
      // the rest, hidden, with an inline script to move it, which the page's CSP does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const markup = await streamToString(prelude);
  if (errors.length > 0) {
    throw new AggregateError(errors, `Prerendering ${url} failed: ${String(errors[0])}`);
  }
  return markup;
};

/**
 * Renders one page as an anonymous visitor sees it first. React's static prerender waits for the
 * lazy page and its lazy parts, so the markup is the page, not the route's loading skeleton.
 */
export const prerenderPage = async (url: string): Promise<PrerenderedPage> => {
  const cache = createCache({ key: 'css' });
  // Compat mode keeps the rules in the cache (for styleTagsOf) instead of inline <style> tags.
  cache.compat = true;
  const markup = await renderApp(url, cache);
  // React 19 writes the page's <title> (components/layout/page-title.tsx) ahead of the markup.
  const title = TITLE.exec(markup)?.[0] ?? '';
  const html = markup.replace(TITLE, '');
  if (/<script\b/i.test(html)) throw new Error(`Prerendering ${url} left a script in the page.`);
  return { html, head: `${title}${styleTagsOf(cache, html)}` };
};
