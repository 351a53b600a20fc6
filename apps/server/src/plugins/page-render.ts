import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WebRoute } from '@unimercado/shared/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { createCache } from '../lib/cache';
import { readSessionCookie, type AuthUser } from './auth';
import { precompressed, type PrecompressedBody } from './compression';
import type { PageHead, RenderedPage, WebBuild } from './web-build';

/**
 * Every page of the app is rendered by the server for its request (issue 19, decision 045): the
 * web build's server render (`dist/.ssr/entry-server.js`, apps/web/src/app/entry-server.tsx)
 * renders the app with React's streaming renderer, and the browser hydrates it.
 *
 * - A visitor without a session gets the pages the shared route table marks `data` with their
 *   data: the render's API calls are answered in-process (`app.inject`), without credentials and
 *   counted against the visitor's address, so they are exactly what an anonymous visitor gets.
 *   Their HTML is kept per URL (lib/cache.ts) until the bus announces a change, so visitors
 *   opening the same page share one render and later ones none.
 * - A visitor with a session (the session cookie, checked) gets their own top bar and the
 *   page's shell; the browser asks for their data. Such a page is never kept.
 *
 * Renders run concurrently, at most `RENDER_CONCURRENCY` at once (p-limit), the others waiting
 * their turn: the cost is bounded by that limit and the cache, not by a single slot.
 */

/** The signed-in member as the web app keeps one (apps/web/src/lib/session.ts). */
const toSessionUser = (user: AuthUser) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  roles: user.roles,
  role: user.roles[0] ?? 'USER',
  verified: user.verified,
});
type SessionUser = ReturnType<typeof toSessionUser>;

/** What the web build's server render module offers. */
type ServerRenderModule = {
  renderPage: (options: {
    url: string;
    appName: string;
    user: SessionUser | null;
    fetchApi?: (url: string, init: RequestInit) => Promise<Response>;
  }) => Promise<RenderedPage>;
};

/** Renders running at once in this process; the others wait (each is mostly CPU). */
export const RENDER_CONCURRENCY = 4;
/** Renders waiting past this many: a page goes out without a render (the browser renders it). */
export const MAX_WAITING_RENDERS = 200;
/** A kept page is rendered again after this long even if no change was announced (a new review). */
export const PAGE_CACHE_TTL_MS = 30_000;
/** Pages kept at once (least recently used out first): each ≈ 0.1–0.3 MB with its copies. */
const MAX_CACHED_PAGES = 200;
/** An API answer the render waits for at most (a stuck query must not hold a render slot). */
export const ANSWER_WAIT_MS = 2_000;

/** The answer headers the app reads (the page's total), passed from the in-process answer. */
const KEPT_HEADERS = ['content-type', 'x-total-count'];

export type PageAnswer = { status: number; body: PrecompressedBody; isPrivate: boolean };

export type PageRenderer = {
  /**
   * The page for `url` (path and query) as this visitor gets it; `route` undefined for a path that
   * is no page (404). `head` looks up a page's own head (a product's link preview), or says the
   * page names something that does not exist (404).
   */
  answer: (
    request: FastifyRequest,
    route: WebRoute | undefined,
    url: string,
    head: () => Promise<PageHead | { notFound: true } | undefined>,
  ) => Promise<PageAnswer>;
};

export const createPageRenderer = async (
  app: FastifyInstance,
  {
    webDistDir,
    build,
    appName,
    changeTopics = [],
  }: {
    webDistDir: string;
    build: WebBuild;
    appName: string;
    /** Bus topics after which no kept page may be answered again (e.g. a product changed). */
    changeTopics?: readonly string[];
  },
): Promise<PageRenderer> => {
  const file = path.join(webDistDir, '.ssr', 'entry-server.js');
  const module = existsSync(file)
    ? ((await import(pathToFileURL(file).href)) as ServerRenderModule)
    : undefined;
  const slots = pLimit(RENDER_CONCURRENCY);
  const pages = createCache<PageAnswer>({
    name: 'pages',
    ttlMs: PAGE_CACHE_TTL_MS,
    maxEntries: MAX_CACHED_PAGES,
  });
  const unsubscribers = changeTopics.map((topic) => app.bus.subscribe(topic, () => pages.clear()));
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

  /** The page rendered in a slot; without data, then without a render, when a render fails. */
  const renderDocument = async (
    request: FastifyRequest,
    route: WebRoute | undefined,
    url: string,
    pageHead: PageHead | undefined,
    options: { user: Parameters<ServerRenderModule['renderPage']>[0]['user']; withData: boolean },
  ) => {
    const render = (withData: boolean) =>
      module!.renderPage({
        url,
        appName,
        user: options.user,
        ...(withData ? { fetchApi: answerInProcess(request) } : {}),
      });
    let page: RenderedPage | undefined;
    let isComplete = false;
    if (module && slots.pendingCount < MAX_WAITING_RENDERS) {
      page = await slots(async () => {
        try {
          const rendered = await render(options.withData);
          isComplete = true;
          return rendered;
        } catch (error) {
          request.log.warn({ err: error, url }, 'page render failed');
          if (!options.withData) return undefined;
          return render(false).catch(() => undefined);
        }
      });
    }
    return { html: build.document(route, page, pageHead), isComplete };
  };

  return {
    answer: async (request, route, url, head) => {
      const user = (await app.resolveSession(readSessionCookie(request))) ?? null;
      if (user) {
        const found = await head();
        const notFound = found !== undefined && 'notFound' in found;
        const sessionUser = toSessionUser(user);
        const { html } = await renderDocument(request, route, url, notFound ? undefined : found, {
          user: sessionUser,
          withData: false,
        });
        return {
          status: notFound || !route ? 404 : 200,
          body: precompressed(html),
          isPrivate: true,
        };
      }
      // Every path that is no page shows the same not-found page: one entry for all of them.
      const key = route ? url : '*';
      const kept = pages.get(key);
      if (kept) return kept;
      const withData = route?.data ?? false;
      if (withData) {
        const limit = app.rateLimits.pageRendersPerIp;
        const { count } = await app.counters.increment(
          `page-render-ip:${request.ip}`,
          limit.windowMs,
        );
        // Past its allowance an address still gets the page, without its data and not kept.
        if (count > limit.max) {
          const { html } = await renderDocument(request, route, url, undefined, {
            user: null,
            withData: false,
          });
          return { status: 200, body: precompressed(html), isPrivate: false };
        }
      }
      let isComplete = true;
      const page = await pages.load(key, async () => {
        const found = await head();
        const notFound = found !== undefined && 'notFound' in found;
        const rendered = await renderDocument(request, route, url, notFound ? undefined : found, {
          user: null,
          withData: withData && !notFound,
        });
        isComplete = rendered.isComplete;
        return {
          status: notFound || !route ? 404 : 200,
          body: precompressed(rendered.html),
          isPrivate: false,
        };
      });
      // A page that could not be rendered as it should is not kept: the next visitor tries again.
      if (!isComplete) pages.delete([key]);
      return page;
    },
  };
};
