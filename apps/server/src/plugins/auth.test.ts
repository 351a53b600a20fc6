import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertVerified } from '../lib/authorization';
import { bearer, createAccount, createTestApp, type TestContext } from '../test/helpers';

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
