import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionPlugin, precompressed, sendPrecompressed } from './compression';

describe('answers kept compressed (sendPrecompressed)', () => {
  const text = JSON.stringify({ items: 'x'.repeat(3000) });
  const app = Fastify();
  beforeAll(async () => {
    await app.register(compressionPlugin);
    const body = precompressed(text);
    const small = precompressed('{"ok":true}');
    app.get('/large', { compress: false }, (request, reply) =>
      sendPrecompressed(request, reply, body),
    );
    app.get('/small', { compress: false }, (request, reply) =>
      sendPrecompressed(request, reply, small),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const fetchLarge = (acceptEncoding?: string) =>
    app.inject({
      url: '/large',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  const decoded = (res: Awaited<ReturnType<typeof fetchLarge>>) => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
    return res.body;
  };

  it('come in the encoding the client prefers, by its q-values', async () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['identity', undefined],
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
      ['*;q=0.1, gzip', 'gzip'],
      ['deflate', undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const res = await fetchLarge(acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(res.headers.vary, acceptEncoding).toContain('accept-encoding');
      expect(decoded(res), acceptEncoding).toBe(text);
    }
  });

  it('small ones go out as they are', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });
});
