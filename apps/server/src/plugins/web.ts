import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchWebRoute, WEB_ROUTES, type WebRoutePath } from '@unimercado/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundBody } from './errors';

const NON_APP_PREFIXES = ['/api', '/ws', '/uploads'];

const isAppPath = (url: string) => {
  const pathname = url.split('?')[0] ?? '/';
  return !NON_APP_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The product name is a runtime setting (APP_NAME): the built index.html carries the default in
 * its <title> and <meta name="application-name">, and the server writes the configured one in.
 */
export const renderIndexHtml = (html: string, appName: string) => {
  const name = escapeHtml(appName);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(
      /<meta name="application-name" content="[^"]*"\s*\/?>/,
      `<meta name="application-name" content="${name}" />`,
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
 * The JavaScript each page's lazy chunk needs beyond the entry, written at build time
 * (scripts/route-preloads.mjs); absent in builds without it, which then simply preload nothing.
 */
const readRoutePreloads = (webDistDir: string): Partial<Record<WebRoutePath, string[]>> => {
  const file = path.join(webDistDir, '.vite', 'route-preloads.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<WebRoutePath, string[]>>;
};

/**
 * Adds `<link rel="modulepreload">` for a page's own code to index.html, so the browser fetches
 * it alongside the entry instead of after the entry has run (one round trip less before the
 * first render; issue 7).
 */
export const withModulePreloads = (html: string, files: readonly string[] = []) =>
  files.length === 0
    ? html
    : html.replace(
        '</head>',
        `${files
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">\n`)
          .join('')}  </head>`,
      );

/** Build outputs that are never served: source maps, and compressed copies asked for by name. */
const isPrivateBuildFile = (pathname: string) => /\.(?:map|br|gz)$/i.test(pathname);

/** Per-page head (title and meta tags) for some app paths, e.g. product pages' link previews. */
export type PageHeadRenderer = (
  pathname: string,
) => Promise<{ title: string; tags: string } | undefined>;

/**
 * Writes a page's own title and tags (escaped by their renderer) into index.html; the page's
 * description replaces the generic one.
 */
export const withPageHead = (html: string, head: { title: string; tags: string }) =>
  html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', `    ${head.tags}\n  </head>`);

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
  appName: string;
  renderHead?: PageHeadRenderer | undefined;
}>(
  async (app: FastifyInstance, { webDistDir, appName, renderHead }) => {
    const indexPath = path.join(webDistDir, 'index.html');
    const hasBuild = existsSync(indexPath);
    const indexHtml = hasBuild ? renderIndexHtml(readFileSync(indexPath, 'utf8'), appName) : '';
    // index.html per page, with that page's code preloaded; built once at start-up.
    const routePreloads = hasBuild ? readRoutePreloads(webDistDir) : {};
    const pageHtml = new Map(
      WEB_ROUTES.map((route) => [
        route.path as string,
        withModulePreloads(indexHtml, routePreloads[route.path]),
      ]),
    );
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
    const sendIndex = (
      reply: FastifyReply,
      route: string | undefined,
      head?: { title: string; tags: string },
    ) => {
      const base = (route && pageHtml.get(route)) ?? indexHtml;
      const html = head ? withPageHead(base, head) : base;
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // The not-found handler has no route of its own: compress through the plugin's reply helper
      // (set by the route that passed the request on, e.g. the static wildcard).
      if (!reply.compress) return reply.send(html);
      reply.compress(html);
      return reply;
    };
    if (hasBuild)
      app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, '/'));
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
        return sendIndex(reply, route, await renderHead?.(pathname));
      }
      return reply.status(404).send(notFoundBody());
    });
  },
  { name: 'web' },
);
