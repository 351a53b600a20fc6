import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go out raw: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text answers only (JSON, HTML, CSS, JavaScript, SVG, XML, plain text). Images, archives and
 * octet-streams are already compressed or opaque, so they are never compressed again.
 */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)|^application\/(?:javascript|manifest\+json)/;

/**
 * Compresses API answers and other dynamic text (brotli or gzip, by the request's
 * Accept-Encoding, with `Vary: accept-encoding`) above COMPRESSION_THRESHOLD_BYTES. The built web
 * assets are compressed at build time (scripts/compress-assets.mjs) and served as they are by the
 * web plugin; the WebSocket endpoint is never touched. Request bodies are not decompressed: no
 * client sends compressed bodies, and a decompression step would only add cost and a zip-bomb
 * surface.
 */
export const compressionPlugin = fp(
  async (app) => {
    // Runs before @fastify/compress's own onRoute hook, which honours `compress: false`.
    app.addHook('onRoute', (route) => {
      if (route.websocket) route.compress = false;
    });
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPES,
    });
  },
  { name: 'compression' },
);
