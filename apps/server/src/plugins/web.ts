import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchWebRoute, WEB_ROUTES, type WebRoutePath } from '@unimercado/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendPrecompressed } from './compression';
import { notFoundBody } from './errors';
import { createPageRenderer } from './page-render';
import { escapeHtml, type WebBuild } from './web-build';

const HTML_TYPE = 'text/html; charset=utf-8';

const NON_APP_PREFIXES = ['/api', '/ws', '/uploads'];

const isAppPath = (url: string) => {
  const pathname = url.split('?')[0] ?? '/';
  return !NON_APP_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
};

/**
 * robots.txt from the shared route table: signed-in pages, single-use email links and the API are
 * not crawled; products, profiles and the rest are.
 */
export const renderRobotsTxt = () =>
  [
    'User-agent: *',
    'Allow: /products',
    ...WEB_ROUTES.filter((route) => !route.indexable).map((route) => `Disallow: ${route.path}`),
    'Disallow: /api/',
    'Disallow: /ws',
    '',
  ].join('\n');

/**
 * Build outputs that are never served: source maps, compressed copies asked for by name, and the
 * build's own records under dot-folders (`.vite/`: the manifest, route preloads, prerendered pages).
 */
const isPrivateBuildFile = (pathname: string) =>
  /\.(?:map|br|gz)$/i.test(pathname) || /(?:^|\/)\./.test(pathname);

/**
 * Per-page head (title and meta tags) for some app paths, e.g. product pages' link previews; or
 * `{ notFound: true }` when the path names something that does not exist (an unknown product),
 * which is answered with status 404 (the app's page says so); undefined leaves the generic head.
 */
export type PageHeadRenderer = (
  pathname: string,
) => Promise<{ title: string; tags: string } | { notFound: true } | undefined>;

/**
 * Writes a page's own title and tags (escaped by their renderer) into index.html; the page's
 * description replaces the generic one.
 */
export const withPageHead = (html: string, head: { title: string; tags: string }) =>
  html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', () => `    ${head.tags}\n  </head>`);

/**
 * Serves the built web app when `WEB_DIST_DIR/index.html` exists: hashed assets cached forever,
 * index.html never, and every other GET outside /api, /ws and /uploads falls back to index.html so
 * client-side routes survive a reload; paths that are no page of the app (packages/shared
 * routes.ts) get the same HTML with status 404, so the app shows its not-found page and crawlers
 * see the 404. Assets go out as compressed at build time (`.br`/`.gz` next to each file, chosen
 * by Accept-Encoding); source maps are never served.
 */
export const webPlugin = fp<{
  webDistDir: string;
  /** The build as loaded at start-up (web-build.ts); undefined when there is none. */
  build: WebBuild | undefined;
  renderHead?: PageHeadRenderer | undefined;
  /** Bus topics after which pages rendered with their data are rendered again (036). */
  dataChangeTopics?: readonly string[];
}>(
  async (app: FastifyInstance, { webDistDir, build, renderHead, dataChangeTopics = [] }) => {
    const hasBuild = build !== undefined;
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: true,
        // index.html is always answered by the fallback below, with the product name written in.
        index: false,
        preCompressed: true,
        allowedPath: (pathname) => pathname !== '/index.html' && !isPrivateBuildFile(pathname),
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
          if (relative.startsWith('assets/')) {
            void res.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (relative === 'index.html') {
            void res.header('cache-control', 'no-cache');
          } else {
            void res.header('cache-control', 'public, max-age=3600');
          }
        },
      });
    }
    // Pages whose content is data, rendered with it for visitors without a session (036).
    const renderer = hasBuild
      ? await createPageRenderer(app, webDistDir, { changeTopics: dataChangeTopics })
      : undefined;
    const sendPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      route: WebRoutePath | undefined,
      pathname: string,
    ) => {
      if (!build) return reply.status(404).send(notFoundBody());
      void reply.header('cache-control', 'no-cache');
      if (route === undefined) return sendPrecompressed(request, reply, build.notFound, HTML_TYPE);
      const url = pathname === '/index.html' ? '/' : request.url;
      // Rendered moments ago, head included (a product's removal clears these pages).
      const cached = renderer?.cached(request, route, url);
      if (cached) return sendPrecompressed(request, reply, cached, HTML_TYPE);
      const found = await renderHead?.(pathname);
      // A page of something that does not exist: its page (which says so) with status 404, and
      // no render with data (there is none to show).
      const notFound = found !== undefined && 'notFound' in found;
      if (notFound) void reply.status(404);
      const head = notFound ? undefined : found;
      const rendered = notFound
        ? undefined
        : await renderer?.render(request, route, url, (page) => {
            const html = build.withPage(route, page);
            return head ? withPageHead(html, head) : html;
          });
      if (rendered) return sendPrecompressed(request, reply, rendered, HTML_TYPE);
      const base = build.pages.get(route) ?? build.notFound;
      if (!head) return sendPrecompressed(request, reply, base, HTML_TYPE);
      void reply.type(HTML_TYPE);
      const html = withPageHead(base.text, head);
      // The not-found handler has no route of its own: compress through the plugin's reply helper
      // (set by the route that passed the request on, e.g. the static wildcard).
      if (!reply.compress) return reply.send(html);
      reply.compress(html);
      return reply;
    };
    if (hasBuild)
      app.get('/', { schema: { hide: true }, compress: false }, (request, reply) =>
        sendPage(request, reply, '/', '/'),
      );
    const robotsTxt = renderRobotsTxt();
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt),
    );

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const wantsApp =
        hasBuild &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        isAppPath(request.url);
      if (wantsApp && !/\/assets\//.test(request.url)) {
        const pathname = request.url.split('?')[0] ?? '/';
        const route = pathname === '/index.html' ? '/' : matchWebRoute(pathname);
        if (!route) void reply.status(404);
        return sendPage(request, reply, route, pathname);
      }
      return reply.status(404).send(notFoundBody());
    });
  },
  { name: 'web' },
);
