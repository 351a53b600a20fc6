import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
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

/**
 * Serves the built web app when `WEB_DIST_DIR/index.html` exists: hashed assets cached forever,
 * index.html never, and every other GET outside /api, /ws and /uploads falls back to index.html so
 * client-side routes survive a reload.
 */
export const webPlugin = fp<{ webDistDir: string }>(
  async (app: FastifyInstance, { webDistDir }) => {
    const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: true,
        index: ['index.html'],
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
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const wantsApp =
        hasBuild &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        isAppPath(request.url);
      if (wantsApp && !/\/assets\//.test(request.url)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send(notFoundBody());
    });
  },
  { name: 'web' },
);
