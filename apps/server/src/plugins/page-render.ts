import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WebRoutePath } from '@unimercado/shared/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth';
import { precompressed, type PrecompressedBody } from './compression';
import type { PrerenderedPage } from './web-build';

/**
 * The pages whose content is data (the product list, a product, a profile, the home page's
 * newest listings, a search), rendered with that data for a visitor without a session, so the
 * page's content is in its HTML: it shows without waiting for the app's code and its API calls,
 * and crawlers read it (issue 7, decision 036).
 *
 * The app itself renders them (the web build's `dist/.ssr/server-render.js`, made by
 * scripts/prerender.mjs); its API calls are answered in-process (`app.inject`), without
 * credentials and counted against the visitor's address, so they are exactly the answers an
 * anonymous visitor would get. A visitor with a session (the session cookie), a page the server
 * is busy or slow to render, or one that fails, gets the prerendered page instead (decision
 * 034): the app then asks for the data itself, as it always did.
 */

/** What the web build's server render module offers (apps/web/src/app/server-render.tsx). */
type ServerRenderModule = {
  PAGES_WITH_DATA: readonly WebRoutePath[];
  renderPage: (
    url: string,
    options: { fetchApi: (url: string, init: RequestInit) => Promise<Response> },
  ) => Promise<PrerenderedPage>;
};

/** A rendered page is reused this long for the same address (the API's own lists are cached). */
export const RENDERED_PAGE_TTL_MS = 5_000;
/** Pages kept at once (the oldest goes first): each is ≈ 0.2 MB with its compressed copies. */
const MAX_CACHED_PAGES = 50;
/** An API answer the render waits for at most (a stuck query must not stop every render). */
export const ANSWER_WAIT_MS = 5_000;
/** Past this, the visitor gets the prerendered page; the render goes on and is kept. */
export const RENDER_WAIT_MS = 1_500;

/** The answer headers the app reads (the page's total), passed from the in-process answer. */
const KEPT_HEADERS = ['content-type', 'x-total-count'];

export type PageRenderer = {
  /**
   * The page at `url` as rendered for this visitor moments ago, if there is one: no render, no
   * other work (it is checked before anything else about the page is looked up).
   */
  cached: (
    request: FastifyRequest,
    route: WebRoutePath,
    url: string,
  ) => PrecompressedBody | undefined;
  /**
   * The page at `url` (path and query) rendered with its data, as `compose` makes it into a whole
   * page; undefined when the visitor must get the prerendered page instead.
   */
  render: (
    request: FastifyRequest,
    route: WebRoutePath,
    url: string,
    compose: (page: PrerenderedPage) => string,
  ) => Promise<PrecompressedBody | undefined>;
};

const hasSessionCookie = (request: FastifyRequest) =>
  request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;

/**
 * Loads the web build's server render, when the build has one (a build without it, or an API
 * run alone, serves prerendered pages only).
 */
export const createPageRenderer = async (
  app: FastifyInstance,
  webDistDir: string,
  {
    changeTopics = [],
    now = Date.now,
  }: {
    /** Bus topics after which no page rendered before may be reused (e.g. a product changed). */
    changeTopics?: readonly string[];
    now?: () => number;
  } = {},
): Promise<PageRenderer | undefined> => {
  const file = path.join(webDistDir, '.ssr', 'server-render.js');
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as ServerRenderModule;
  const routes = new Set<WebRoutePath>(module.PAGES_WITH_DATA);
  const cache = new Map<string, { body: PrecompressedBody; expires: number }>();
  // The app's API client has one transport: one render at a time.
  let rendering: Promise<unknown> | undefined;
  // Bumped by every change: a render begun before it is not kept.
  let generation = 0;
  const forget = () => {
    generation += 1;
    cache.clear();
  };
  const unsubscribers = changeTopics.map((topic) => app.bus.subscribe(topic, forget));
  app.addHook('onClose', (_instance, done) => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    done();
  });

  const answerInProcess =
    (request: FastifyRequest) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      if ((init.method ?? 'GET') !== 'GET') throw new Error('A page render only reads.');
      let timer: NodeJS.Timeout | undefined;
      const answer = await Promise.race([
        app.inject({
          method: 'GET',
          url,
          headers: { accept: 'application/json' },
          remoteAddress: request.ip,
        }),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`No answer from ${url} in time.`)),
            ANSWER_WAIT_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      const headers = new Headers();
      for (const name of KEPT_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined) headers.set(name, String(value));
      }
      return new Response(answer.rawPayload, { status: answer.statusCode, headers });
    };

  const keep = (url: string, body: PrecompressedBody) => {
    // Entries are kept in the order they were made, all for the same time: the expired ones, and
    // past the size the oldest, are at the front.
    const time = now();
    for (const [key, entry] of cache) {
      if (entry.expires > time && cache.size < MAX_CACHED_PAGES) break;
      cache.delete(key);
    }
    cache.delete(url);
    cache.set(url, { body, expires: time + RENDERED_PAGE_TTL_MS });
  };

  const isRendered = (request: FastifyRequest, route: WebRoutePath) =>
    routes.has(route) && !hasSessionCookie(request);
  const fresh = (url: string) => {
    const entry = cache.get(url);
    return entry && entry.expires > now() ? entry.body : undefined;
  };

  return {
    cached: (request, route, url) => (isRendered(request, route) ? fresh(url) : undefined),
    render: async (request, route, url, compose) => {
      if (!isRendered(request, route)) return undefined;
      const cached = fresh(url);
      if (cached) return cached;
      if (rendering) return undefined;
      const limit = app.rateLimits.pageRendersPerIp;
      const { count } = await app.counters.increment(
        `page-render-ip:${request.ip}`,
        limit.windowMs,
      );
      if (count > limit.max || rendering) return undefined;
      const startedIn = generation;
      const work = module
        .renderPage(url, { fetchApi: answerInProcess(request) })
        .then(compose)
        .then((html) => {
          const body = precompressed(html);
          if (generation === startedIn) keep(url, body);
          return body;
        });
      rendering = work
        .finally(() => {
          rendering = undefined;
        })
        .catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), RENDER_WAIT_MS);
      });
      try {
        return await Promise.race([work, late]);
      } catch (error) {
        request.log.warn({ err: error, url }, 'page render failed; the prerendered page was sent');
        return undefined;
      } finally {
        clearTimeout(timer);
      }
    },
  };
};
