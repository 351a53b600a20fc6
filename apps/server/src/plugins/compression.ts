import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out raw: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** The encodings dynamic answers come in, preferred first (as the plugin's `encodings`). */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

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
      encodings: ENCODINGS,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      customTypes: COMPRESSIBLE_TYPES,
    });
  },
  { name: 'compression' },
);

/**
 * The encoding to answer in, by the request's Accept-Encoding (@fastify/accept-negotiator, the
 * compression plugin's own negotiation): the highest `q`, brotli on a tie; none for a missing
 * header, `identity` or encodings refused with `q=0`.
 */
const acceptedEncoding = (header: string | undefined): Encoding | undefined =>
  (header ? negotiate(header, ENCODINGS) : null) ?? undefined;

/**
 * An answer kept in memory (JSON, a page): its text, and its compressed copies made at most once per
 * encoding (on first demand).
 */
export type PrecompressedBody = {
  text: string;
  size: number;
  /** The text as UTF-8, made on first use. */
  bytes: () => Buffer;
  encoded: (encoding: Encoding) => Buffer;
};

export const precompressed = (text: string): PrecompressedBody => {
  const copies = new Map<Encoding, Buffer>();
  let utf8: Buffer | undefined;
  const bytes = () => (utf8 ??= Buffer.from(text, 'utf8'));
  return {
    text,
    size: Buffer.byteLength(text),
    bytes,
    encoded: (encoding) => {
      let copy = copies.get(encoding);
      if (!copy) {
        const raw = bytes();
        copy =
          encoding === 'br'
            ? brotliCompressSync(raw, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              })
            : gzipSync(raw, { level: 6 });
        copies.set(encoding, copy);
      }
      return copy;
    },
  };
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a cached answer (JSON unless `type` says otherwise; JSON must already have the route's
 * response shape) as the plugin would have (same encodings, threshold and
 * `Vary: accept-encoding`) without compressing it again for every request. Routes that answer
 * only this way set `compress: false`, so the plugin's hooks do not run for them at all.
 */
export const sendPrecompressed = (
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedBody,
  type = JSON_TYPE,
) => {
  // Added to what the answer varies by already (Origin, set for every answer).
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding =
    body.size >= COMPRESSION_THRESHOLD_BYTES
      ? acceptedEncoding(request.headers['accept-encoding'])
      : undefined;
  // Uncompressed: a small body as text (Node writes the head and a short string in one go), a
  // larger one as bytes made once (encoding 8 KB of text for every answer costs more).
  if (!encoding)
    return reply
      .type(type)
      .send(body.size < COMPRESSION_THRESHOLD_BYTES ? body.text : body.bytes());
  return reply.type(type).header('content-encoding', encoding).send(body.encoded(encoding));
};
