import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestContext } from './test/helpers';

/**
 * Per-IP limits key on the client address Fastify derives from `trustProxy` (decision 038): only
 * the configured proxies' X-Forwarded-For entries count, so a client writing its own left-most
 * entry cannot get a fresh key per request.
 */
describe('the client address behind proxies (TRUST_PROXY)', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  const start = async (trustProxy: false | string[]) => {
    ctx = await createTestApp({
      config: { trustProxy },
      rateLimits: { loginPerIp: { max: 2, windowMs: 60_000 } },
    });
    return ctx;
  };

  /** A failed sign-in (400) until the per-IP limit answers 429. */
  const attempt = (app: TestContext['app'], remoteAddress: string, forwardedFor?: string) =>
    app
      .inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        payload: { email: uniqueEmail(), password: 'no-es-la-clave' },
      })
      .then((res) => res.statusCode);

  it('behind a trusted proxy, a forged left-most entry does not change the key', async () => {
    const { app } = await start(['10.0.0.5']);
    // The proxy (10.0.0.5) appends the address it saw; the client wrote the rest.
    const codes = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      codes.push(await attempt(app, '10.0.0.5', `${forged}, 203.0.113.7`));
    }
    expect(codes).toEqual([400, 400, 429]);
    // Another client behind the same proxy has its own budget.
    expect(await attempt(app, '10.0.0.5', '198.51.100.9')).toBe(400);
  });

  it('a client that reaches the server directly cannot pose as a proxy', async () => {
    const { app } = await start(['10.0.0.5']);
    const codes = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      codes.push(await attempt(app, '203.0.113.7', forged));
    }
    expect(codes).toEqual([400, 400, 429]);
  });

  it('without TRUST_PROXY the header is ignored', async () => {
    const { app } = await start(false);
    const codes = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      codes.push(await attempt(app, '203.0.113.7', forged));
    }
    expect(codes).toEqual([400, 400, 429]);
  });
});
