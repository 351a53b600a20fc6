import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';
import parseRange from 'range-parser';
import {
  IMMUTABLE_CACHE_CONTROL,
  isValidStorageKey,
  UPLOADS_PREFIX,
  type ByteRange,
  type FileInfo,
  type Storage,
} from './types';

/**
 * The range to send, if any (RFC 9110 §14): a single satisfiable range; several ranges or a
 * malformed header get the whole file (a server may ignore Range), an unsatisfiable one a 416.
 * `If-Range` with another entity tag also means the whole file.
 */
const rangeOf = (
  headers: { range?: string | undefined; 'if-range'?: string | undefined },
  info: FileInfo,
): ByteRange | 'unsatisfiable' | undefined => {
  if (!headers.range) return undefined;
  if (headers['if-range'] !== undefined && headers['if-range'] !== info.etag) return undefined;
  const ranges = parseRange(info.size, headers.range, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return ranges[0];
};

/** How long a browser may reuse a redirect: well within the signed URL's life. */
const redirectCacheSeconds = (ttlSeconds: number) => Math.max(0, Math.floor(ttlSeconds / 2));

/**
 * `GET /uploads/<key>` for every driver: immutable caching (keys are never reused), `nosniff`,
 * `Cross-Origin-Resource-Policy: cross-origin` (other allowed origins show the photos), ETag with
 * `If-None-Match` (304) and byte ranges (206/416). S3 with S3_SERVE=redirect answers a 302 to a
 * signed URL instead. Anything else under /uploads is the app's ordinary 404.
 */
export const registerUploadsRoute = (
  app: FastifyInstance,
  storage: Storage,
  options: { signedUrlTtlSeconds: number },
) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_PREFIX}*`,
    // HEAD is answered here (with the file's length), not by Fastify's generated HEAD route.
    exposeHeadRoute: false,
    // Photos are WebP/JPEG/PNG: already compressed, and a compressed range would be wrong.
    compress: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isValidStorageKey(key)) return reply.callNotFound();
      void reply
        .header('x-content-type-options', 'nosniff')
        // Overrides helmet's same-origin for photos only.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (storage.redirectUrl) {
        const seconds = redirectCacheSeconds(options.signedUrlTtlSeconds);
        void reply.header('cache-control', `private, max-age=${seconds}`);
        return reply.redirect(await storage.redirectUrl(key), 302);
      }
      const info = await storage.stat(key);
      if (!info) return reply.callNotFound();
      const range = fresh(request.headers, { etag: info.etag })
        ? 'fresh'
        : rangeOf(request.headers, info);
      // Opened before any header is set: a file deleted meanwhile is a plain, uncached 404.
      const wantsBody = typeof range !== 'string' && request.method !== 'HEAD';
      const body = wantsBody ? await storage.read(key, range) : undefined;
      if (wantsBody && !body) return reply.callNotFound();
      void reply
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .header('etag', info.etag)
        .header('last-modified', info.lastModified.toUTCString())
        .header('accept-ranges', 'bytes')
        .type(info.contentType);
      if (range === 'fresh') return reply.code(304).send();
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      }
      if (range) {
        void reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      }
      void reply.header('content-length', range ? range.end - range.start + 1 : info.size);
      return reply.send(body);
    },
  });
};
