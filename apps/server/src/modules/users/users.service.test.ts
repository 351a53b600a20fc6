import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { depsOf } from '../../lib/deps';
import { users } from '../../db/schema';
import { seedDatabase } from '../../db/seed';
import {
  bearer,
  countRows,
  createAccount,
  createTestApp,
  login,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../../test/helpers';
import { setAdminByEmail } from './admin-grants';
import { deleteUser, replaceUserRoles } from './users.service';

/**
 * The last-admin rule guards races the HTTP layer cannot produce in sequence (an admin acting on
 * the only other admin always leaves one), so it is checked on the service directly.
 */
const adminDeps = (ctx: TestContext) => ({ db: ctx.database.db, now: () => new Date(), bus: null });

describe('last admin protections', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('never deletes or demotes the last admin', async () => {
    const onlyAdmin = await createAccount(ctx, { admin: true });
    const actor = { id: -1, email: 'x@y.z', name: 'x', roles: ['ROLE_ADMIN'], verified: true };
    const deletion = deleteUser(depsOf(ctx.app), actor, onlyAdmin.user.id);
    await expect(deletion).rejects.toBeInstanceOf(AppError);
    await expect(deletion).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    const demotion = replaceUserRoles(depsOf(ctx.app), actor, onlyAdmin.user.id, [1]);
    await expect(demotion).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    expect(await setAdminByEmail(adminDeps(ctx), onlyAdmin.email, false)).toBe('last-admin');
  });

  it('the admin CLI grants and revokes by email', async () => {
    const user = await createAccount(ctx);
    expect(await setAdminByEmail(adminDeps(ctx), user.email.toUpperCase(), true)).toBe('granted');
    expect(await setAdminByEmail(adminDeps(ctx), user.email, true)).toBe('unchanged');
    expect(await setAdminByEmail(adminDeps(ctx), 'nadie@uni.edu', true)).toBe('not-found');
    // The grant revoked the old token (roles changed).
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(await setAdminByEmail(adminDeps(ctx), user.email, false)).toBe('revoked');
  });
});

describe('ADMIN_EMAILS at start-up', () => {
  it('promotes accounts whose password a link to that address chose, and revokes their old tokens', async () => {
    const first = await createTestApp();
    const account = await createAccount(first, { verified: true });
    // What a reset or an admin address's verification leaves behind (decision 010).
    await first.database.db
      .update(users)
      .set({ passwordLinkEmail: account.email })
      .where(eq(users.id, account.user.id));
    const verifiedOnly = await createAccount(first, { verified: true });
    const unverified = await createAccount(first);
    await first.app.close();
    const second = await createTestApp({
      database: first.database,
      config: { adminEmails: [account.email, verifiedOnly.email, unverified.email] },
    });
    try {
      const old = await second.app.inject({
        method: 'GET',
        url: '/api/roles',
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(old.statusCode).toBe(401);
      const login = await second.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(login.json<{ roles: string[] }>().roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
      // A password nobody chose through the mailbox (verified or not) gives no admin rights.
      for (const plain of [verifiedOnly, unverified]) {
        const notYet = await second.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: plain.email, password: plain.password },
        });
        expect(notYet.json<{ roles: string[] }>().roles).toEqual(['ROLE_USER']);
      }
    } finally {
      await second.close();
      await first.database.close();
    }
  });
});

describe('ADMIN_EMAILS addresses in a profile edit', () => {
  it('a user cannot take a free ADMIN_EMAILS address, so no start-up makes them admin', async () => {
    const reserved = uniqueEmail('rector');
    const ctx = await createTestApp({ config: { adminEmails: [reserved] } });
    try {
      const account = await createAccount(ctx);
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${account.user.id}`,
        headers: bearer(account.token),
        payload: { name: 'Intruso', email: reserved.toUpperCase() },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
      // What a restart does with ADMIN_EMAILS.
      await seedDatabase(ctx.database.db, { adminEmails: [reserved] });
      const session = await login(ctx.app, account.email, account.password);
      expect(session.roles).toEqual(['ROLE_USER']);
    } finally {
      await ctx.close();
    }
  });
});

describe('the verification link is part of the account change', () => {
  it('when issuing the link fails, neither the registration nor the email change happens', async () => {
    const ctx = await createTestApp();
    try {
      const account = await createAccount(ctx);
      const { db } = ctx.database;
      await db.execute(sql`
        create function um_test_fail() returns trigger language plpgsql
        as $$ begin raise exception 'link store unavailable'; end $$`);
      await db.execute(sql`
        create trigger um_test_fail before insert on email_verification_tokens
        for each row execute function um_test_fail()`);
      const usersBefore = await countRows(ctx, 'users');

      const email = uniqueEmail('half');
      const registered = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Ana', email, password: 'secreto1', confirmPassword: 'secreto1' },
      });
      expect(registered.statusCode).toBe(500);
      expect(await countRows(ctx, 'users')).toBe(usersBefore);

      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${account.user.id}`,
        headers: bearer(account.token),
        payload: { name: 'Ana', email: uniqueEmail('moved') },
      });
      expect(moved.statusCode).toBe(500);
      const [row] = await db.select().from(users).where(eq(users.id, account.user.id));
      expect(row?.email).toBe(account.email);

      await db.execute(sql`drop trigger um_test_fail on email_verification_tokens`);
      await expect(registerUser(ctx.app, { email })).resolves.toBeDefined();
    } finally {
      await ctx.close();
    }
  });
});
