import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import {
  bearer,
  createAccount,
  createTestApp,
  latestVerificationToken,
  type Account,
  type TestContext,
} from '../test/helpers';
import { createTestDatabase } from '../test/test-database';
import { SESSION_CACHE_TTL_MS } from './auth';

const redisUrl = process.env.TEST_REDIS_URL;

const status = (ctx: Pick<TestContext, 'app'>, token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/auth/verification-status',
    headers: bearer(token),
  });

const ownProfile = (ctx: Pick<TestContext, 'app'>, account: Account, token = account.token) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/users/${account.user.id}`,
    headers: bearer(token),
  });

const editProfile = (ctx: Pick<TestContext, 'app'>, account: Account, changes: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${account.user.id}`,
    headers: bearer(account.token),
    payload: { name: account.user.name, email: account.email, phone: null, ...changes },
  });

/** Several signed-in reads, so this instance holds the session in its cache. */
const warm = async (ctx: Pick<TestContext, 'app'>, token: string) => {
  for (let i = 0; i < 3; i += 1) expect((await status(ctx, token)).statusCode).toBe(200);
};

const allRoleIds = async (ctx: TestContext, admin: Account) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/roles',
    headers: bearer(admin.token),
  });
  return res.json<{ id: number }[]>().map((role) => role.id);
};

const changePassword = (ctx: TestContext, account: Account) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${account.user.id}`,
    headers: bearer(account.token),
    payload: {
      name: account.user.name,
      email: account.email,
      phone: null,
      password: 'otra-clave-segura-1',
      currentPassword: account.password,
    },
  });

describe('session cache (one instance, in-process bus)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a token revoked by a role change is refused at once, cache warm', async () => {
    const admin = await createAccount(ctx, { verified: true, admin: true });
    const member = await createAccount(ctx, { verified: true });
    await warm(ctx, member.token);
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/roles`,
      headers: bearer(admin.token),
      // Made admin: every token of the account ends.
      payload: await allRoleIds(ctx, admin),
    });
    expect(replaced.statusCode).toBe(200);
    expect((await status(ctx, member.token)).statusCode).toBe(401);
  });

  it('a password change ends the old token at once, also for requests racing it', async () => {
    const member = await createAccount(ctx, { verified: true });
    await warm(ctx, member.token);
    const racing = Array.from({ length: 10 }, () => status(ctx, member.token));
    const changed = await changePassword(ctx, member);
    expect(changed.statusCode).toBe(200);
    await Promise.all(racing);
    const after = await Promise.all(Array.from({ length: 10 }, () => status(ctx, member.token)));
    expect(after.map((res) => res.statusCode)).toEqual(Array(10).fill(401));
    // The token the change answered works.
    const fresh = changed.json<{ token: string }>().token;
    expect((await status(ctx, fresh)).statusCode).toBe(200);
  });

  it('verifying the address and changing it show at once in the session', async () => {
    const member = await createAccount(ctx);
    await warm(ctx, member.token);
    expect((await status(ctx, member.token)).json()).toMatchObject({ verified: false });
    const link = await latestVerificationToken(ctx, member.email);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${link}`,
    });
    expect(verified.statusCode).toBe(200);
    expect((await status(ctx, member.token)).json()).toEqual({
      verified: true,
      email: member.email,
    });

    const newEmail = `nuevo.${member.email}`;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${member.user.id}`,
      headers: bearer(member.token),
      payload: {
        name: 'Nombre Nuevo',
        email: newEmail,
        phone: null,
        currentPassword: member.password,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const token = edited.json<{ token: string }>().token;
    for (const current of [member.token, token]) {
      expect((await status(ctx, current)).json()).toEqual({ verified: false, email: newEmail });
    }
  });

  it("one's own profile (read from the session) shows an edit and a verification at once", async () => {
    const member = await createAccount(ctx);
    for (let i = 0; i < 3; i += 1) {
      expect((await ownProfile(ctx, member)).json()).toMatchObject({
        name: member.user.name,
        email: member.email,
        phone: null,
        verified: false,
      });
    }
    const edited = await editProfile(ctx, member, { name: 'Ana Editada', phone: '3001234567' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ownProfile(ctx, member)).json()).toMatchObject({
      id: member.user.id,
      name: 'Ana Editada',
      email: member.email,
      phone: '3001234567',
      verified: false,
    });
    const link = await latestVerificationToken(ctx, member.email);
    await ctx.app.inject({ method: 'POST', url: `/api/auth/verify-email?token=${link}` });
    expect((await ownProfile(ctx, member)).json()).toMatchObject({ verified: true });
  });

  it('a revoked token reads its own profile as a stranger at once: no email, no phone', async () => {
    const member = await createAccount(ctx, { verified: true });
    expect((await editProfile(ctx, member, { phone: '3009876543' })).statusCode).toBe(200);
    expect((await ownProfile(ctx, member)).json()).toMatchObject({
      email: member.email,
      phone: '3009876543',
    });
    expect((await changePassword(ctx, member)).statusCode).toBe(200);
    const after = await ownProfile(ctx, member);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ id: member.user.id, email: null, phone: null });
  });

  it('a deleted account is refused at once', async () => {
    const admin = await createAccount(ctx, { verified: true, admin: true });
    const member = await createAccount(ctx, { verified: true });
    await warm(ctx, member.token);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.user.id}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await status(ctx, member.token)).statusCode).toBe(401);
  });
});

describe.skipIf(!redisUrl)('session cache across two instances through Redis', () => {
  let database: DatabaseHandle;
  let one: TestContext;
  let two: TestContext;
  beforeAll(async () => {
    database = await createTestDatabase();
    const redisPrefix = `um:test:${randomBytes(5).toString('hex')}:`;
    one = await createTestApp({ database, config: { redisUrl, redisPrefix } });
    two = await createTestApp({ database, config: { redisUrl, redisPrefix } });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
  });

  it('a revocation on one instance is refused at once there and as soon as the other hears it', async () => {
    const member = await createAccount(one, { verified: true });
    await warm(one, member.token);
    await warm(two, member.token);
    const started = performance.now();
    expect((await changePassword(one, member)).statusCode).toBe(200);
    expect((await status(one, member.token)).statusCode).toBe(401);
    // The other instance learns it through Redis pub/sub (milliseconds), not from the cache's
    // lifetime running out.
    let code = 200;
    while (code === 200 && performance.now() - started < 2_000) {
      code = (await status(two, member.token)).statusCode;
      if (code === 200) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(code).toBe(401);
    expect(performance.now() - started).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
  });

  it("a profile edit on one instance shows in one's own profile there at once and soon on the other", async () => {
    const member = await createAccount(one);
    expect((await ownProfile(one, member)).statusCode).toBe(200);
    expect((await ownProfile(two, member)).statusCode).toBe(200);
    expect((await editProfile(one, member, { name: 'Nombre Redis' })).statusCode).toBe(200);
    expect((await ownProfile(one, member)).json()).toMatchObject({ name: 'Nombre Redis' });
    const started = performance.now();
    let name = '';
    while (name !== 'Nombre Redis' && performance.now() - started < 2_000) {
      name = (await ownProfile(two, member)).json<{ name: string }>().name;
      if (name !== 'Nombre Redis') await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(name).toBe('Nombre Redis');
  });

  it('a verification on one instance shows on the other', async () => {
    const member = await createAccount(one);
    await warm(two, member.token);
    const link = await latestVerificationToken(one, member.email);
    const verified = await one.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${link}`,
    });
    expect(verified.statusCode).toBe(200);
    const started = performance.now();
    let seen = false;
    while (!seen && performance.now() - started < 2_000) {
      seen = (await status(two, member.token)).json<{ verified: boolean }>().verified;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(seen).toBe(true);
  });
});
