import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_DESCRIPTION, BRAND_COLORS } from '@unimercado/shared/constants';
import { findWebRoute, WEB_ROUTES } from '@unimercado/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendPrecompressed } from './compression';
import { notFoundBody } from './errors';
import { createPageRenderer } from './page-render';
import type { PageHead, WebBuild } from './web-build';

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

/** The service worker's script (decision 091): always revalidated, so an update is seen at once. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The installable app's manifest (decision 091): written by the server because the name is a
 * runtime setting (APP_NAME); colours from the brand, icons from apps/web/public/icons.
 */
export const renderWebManifest = (appName: string) =>
  JSON.stringify({
    id: '/',
    name: appName,
    // Launchers cut longer names under the icon.
    short_name: appName.length <= 12 ? appName : appName.slice(0, 12).trimEnd(),
    description: APP_DESCRIPTION,
    lang: 'es',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BRAND_COLORS.primary,
    background_color: BRAND_COLORS.background,
    categories: ['shopping', 'education'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });

/**
 * Build outputs that are never served: source maps, compressed copies asked for by name, and the
 * build's own records under dot-folders (`.vite/`: the manifest; `.ssr/`: the server's render).
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
) => Promise<PageHead | { notFound: true } | undefined>;

/**
 * Serves the built web app when `WEB_DIST_DIR` holds a build: hashed assets cached forever, and
 * every other GET outside /api, /ws and /uploads answered with its page, rendered by the server
 * for this request (page-render.ts, decision 045), so client-side routes survive a reload; paths
 * that are no page of the app (the shared route table) get the app's not-found page with status
 * 404, and so does the page of a product that does not exist. Assets go out as compressed at
 * build time (`.br`/`.gz` next to each file, chosen by Accept-Encoding); source maps and the
 * build's own records are never served.
 */
export const webPlugin = fp<{
  webDistDir: string;
  /** The build as loaded at start-up (web-build.ts); undefined when there is none. */
  build: WebBuild | undefined;
  appName: string;
  renderHead?: PageHeadRenderer | undefined;
  /** Bus topics after which no page kept by the server may be answered again. */
  dataChangeTopics?: readonly string[];
}>(
  async (
    app: FastifyInstance,
    { webDistDir, build, appName, renderHead, dataChangeTopics = [] },
  ) => {
    if (build) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: true,
        // Pages are rendered by the server; Vite's index.html is the dev server's page only.
        index: false,
        preCompressed: true,
        allowedPath: (pathname) => pathname !== '/index.html' && !isPrivateBuildFile(pathname),
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
          if (relative.startsWith('assets/')) {
            void res.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (relative === SERVICE_WORKER_FILE) {
            void res.header('cache-control', 'no-cache');
          } else {
            void res.header('cache-control', 'public, max-age=3600');
          }
        },
      });
    }
    const renderer = build
      ? await createPageRenderer(app, {
          webDistDir,
          build,
          appName,
          changeTopics: dataChangeTopics,
        })
      : undefined;
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
      if (!renderer) return reply.status(404).send(notFoundBody());
      const route = pathname === '/index.html' ? findWebRoute('/') : findWebRoute(pathname);
      const url = pathname === '/index.html' ? '/' : request.url;
      const page = await renderer.answer(request, route, url, async () =>
        route ? renderHead?.(pathname) : undefined,
      );
      // A signed-in member's page carries their name: never stored by a browser or a proxy.
      void reply
        .status(page.status)
        .header('cache-control', page.isPrivate ? 'private, no-store' : 'no-cache');
      return sendPrecompressed(request, reply, page.body, HTML_TYPE);
    };
    if (build)
      app.get('/', { schema: { hide: true }, compress: false }, (request, reply) =>
        sendPage(request, reply, '/'),
      );
    if (build) {
      const manifest = renderWebManifest(appName);
      app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .type('application/manifest+json; charset=utf-8')
          .send(manifest),
      );
    }
    const robotsTxt = renderRobotsTxt();
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt),
    );

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const wantsApp =
        build !== undefined &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        isAppPath(request.url);
      if (wantsApp && !/\/assets\//.test(request.url)) {
        return sendPage(request, reply, request.url.split('?')[0] ?? '/');
      }
      return reply.status(404).send(notFoundBody());
    });
  },
  { name: 'web' },
);
