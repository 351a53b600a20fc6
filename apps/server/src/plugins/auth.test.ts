import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertVerified } from '../lib/authorization';
import { TOKEN_LIFETIME_SECONDS } from '../lib/jwt';
import { bearer, createAccount, createTestApp, type TestContext } from '../test/helpers';
import { clearSessionCookie, readSessionCookie, SESSION_COOKIE, setSessionCookie } from './auth';

/** The guards other modules build on: optional identity and verified-only routes. */
describe('auth guards', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      configure: (app) => {
        app.get('/api/_probe/optional', { onRequest: [app.authenticateOptional] }, (request) => ({
          viewer: request.viewer?.id ?? null,
        }));
        app.post('/api/_probe/verified', { onRequest: [app.authenticate] }, (request) => {
          assertVerified(request.user);
          return { id: request.user.id };
        });
      },
    });
  });
  afterAll(() => ctx.close());

  it('authenticateOptional: anonymous for missing, null, malformed or forged tokens', async () => {
    const account = await createAccount(ctx);
    for (const authorization of [
      undefined,
      'Bearer null',
      'Bearer undefined',
      'Bearer',
      'Token x',
      'Bearer a.b.c',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/_probe/optional',
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect(res.statusCode, authorization).toBe(200);
      expect(res.json()).toEqual({ viewer: null });
    }
    const signedIn = await ctx.app.inject({
      method: 'GET',
      url: '/api/_probe/optional',
      headers: bearer(account.token),
    });
    expect(signedIn.json()).toEqual({ viewer: account.user.id });
  });

  it('assertVerified: 401 anonymous, 403 EMAIL_NOT_VERIFIED unverified, 200 verified', async () => {
    const unverified = await createAccount(ctx);
    const verified = await createAccount(ctx, { verified: true });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/_probe/verified' })).statusCode).toBe(
      401,
    );
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/_probe/verified',
      headers: bearer(unverified.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(refused.json<{ error: string }>().error).toMatch(/verificar tu email/);
    const allowed = await ctx.app.inject({
      method: 'POST',
      url: '/api/_probe/verified',
      headers: bearer(verified.token),
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('tokens the server must refuse', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const forge = async (claims: Record<string, unknown>, options: { exp?: boolean } = {}) => {
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ctx.config.publicUrl)
      .setIssuedAt(now);
    if (options.exp !== false) jwt.setExpirationTime(now + 3600);
    return jwt.sign(key);
  };
  const profile = (token: string, id: number) =>
    ctx.app.inject({ method: 'GET', url: `/api/users/${id}/roles`, headers: bearer(token) });

  it('a correctly signed token without exp is 401 (it would never expire)', async () => {
    const account = await createAccount(ctx, { admin: true });
    const claims = { sub: String(account.user.id), id: account.user.id, roles: [], tv: 0 };
    expect((await profile(await forge(claims), account.user.id)).statusCode).toBe(200);
    const res = await profile(await forge(claims, { exp: false }), account.user.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('an id claim outside the integer range, or not matching sub, is 401, never a 500', async () => {
    const account = await createAccount(ctx, { admin: true });
    for (const id of [2 ** 40, 2_147_483_648, 0, -1, 1.5]) {
      const res = await profile(await forge({ sub: String(id), id, tv: 0 }), account.user.id);
      expect(res.statusCode, String(id)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const mismatch = await forge({ sub: String(account.user.id), id: account.user.id + 1, tv: 0 });
    expect((await profile(mismatch, account.user.id)).statusCode).toBe(401);
    const paddedSub = await forge({ sub: `0${account.user.id}`, id: account.user.id, tv: 0 });
    expect((await profile(paddedSub, account.user.id)).statusCode).toBe(401);
  });

  it('answers to authenticated requests and to login are not stored by caches', async () => {
    const account = await createAccount(ctx);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verification-status`,
      headers: bearer(account.token),
    });
    expect(own.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/auth/verification-status' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const categories = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    expect(categories.headers['cache-control']).not.toBe('no-store');
  });
});

describe('session cookie', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      configure: (app) => {
        app.get('/api/_probe/cookie', (request, reply) => {
          setSessionCookie(reply, app.config, 'eyJ.a-b_c.d');
          return { read: readSessionCookie(request) ?? null };
        });
        app.get('/api/_probe/no-cookie', (request, reply) => {
          clearSessionCookie(reply, app.config);
          return { read: readSessionCookie(request) ?? null };
        });
      },
    });
  });
  afterAll(() => ctx.close());

  it('is set and cleared with the same attributes, and read back from the Cookie header', async () => {
    const set = await ctx.app.inject({
      method: 'GET',
      url: '/api/_probe/cookie',
      headers: { cookie: `otra=1; ${SESSION_COOKIE}=eyJ.a-b_c.d; ${SESSION_COOKIE}=segunda` },
    });
    expect(set.headers['set-cookie']).toBe(
      `${SESSION_COOKIE}=eyJ.a-b_c.d; Max-Age=${TOKEN_LIFETIME_SECONDS}; Path=/; HttpOnly; SameSite=Lax`,
    );
    // The first of two cookies of that name counts.
    expect(set.json()).toEqual({ read: 'eyJ.a-b_c.d' });
    const cleared = await ctx.app.inject({
      method: 'GET',
      url: '/api/_probe/no-cookie',
      headers: { cookie: `${SESSION_COOKIE}=%41b%ZZ` },
    });
    expect(cleared.headers['set-cookie']).toBe(
      `${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax`,
    );
    expect(cleared.json()).toEqual({ read: '%41b%ZZ' });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/_probe/no-cookie' });
    expect(none.json()).toEqual({ read: null });
  });
});
