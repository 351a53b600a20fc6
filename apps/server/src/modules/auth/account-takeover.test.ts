import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth';
import { USER_MESSAGES, type User } from '@unimercado/shared/schemas/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  latestVerificationToken,
  login,
  readOutbox,
  registerUser,
  uniqueEmail,
  type TestContext,
  activeAccounts,
} from '../../test/helpers';

/**
 * Someone who registers an address they do not own, before its owner does, must never end up
 * with admin rights nor lock the owner out (issue "Accounts, second pass"; decision 010).
 */
let ctx: TestContext;
const boss = uniqueEmail('boss');
beforeAll(async () => {
  ctx = await createTestApp({ config: { adminEmails: [boss] } });
});
afterAll(() => ctx.close());

const register = (email: string, password: string, name = 'Alguien') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { name, email, password, confirmPassword: password },
  });
const verify = (token: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/auth/verify-email?token=${token}`,
    ...(payload ? { payload } : {}),
  });
const tryLogin = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const sessionAlive = async (token: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verification-status',
      headers: bearer(token),
    })
  ).statusCode === 200;

describe('registering an address held by a pending registration', () => {
  it("replaces it: the squatter's password, session and link stop working; the owner's work", async () => {
    const email = uniqueEmail('owner');
    const squatter = await registerUser(ctx.app, { email, password: 'clave-del-intruso' });
    const squatterSession = await login(ctx.app, email, 'clave-del-intruso');
    const squatterLink = await latestVerificationToken(ctx, email);

    const res = await register(email, 'clave-de-la-duena', 'Dueña Real');
    expect(res.statusCode).toBe(201);
    const owner = res.json<User>();
    expect(owner).toMatchObject({ email, name: 'Dueña Real', verified: false });
    expect(owner.id).not.toBe(squatter.user.id);

    expect((await tryLogin(email, 'clave-del-intruso')).statusCode).toBe(400);
    expect(await sessionAlive(squatterSession.token)).toBe(false);
    expect((await verify(squatterLink)).json()).toMatchObject({ code: 'TOKEN_INVALID' });

    const ownerLink = await latestVerificationToken(ctx, email);
    expect(ownerLink).not.toBe(squatterLink);
    expect((await verify(ownerLink)).statusCode).toBe(200);
    const session = await login(ctx.app, email, 'clave-de-la-duena');
    expect(session).toMatchObject({ id: owner.id, name: 'Dueña Real', verified: true });
    expect(await activeAccounts(ctx, email)).toHaveLength(1);
    // The squatter's account is gone from everywhere (the old profile is a 404).
    const old = await ctx.app.inject({ method: 'GET', url: `/api/users/${squatter.user.id}` });
    expect(old.statusCode).toBe(404);
  });

  // What is never replaced (verified, admin, holding what a person made):
  // users/registration-replacement.test.ts.

  it('parallel registrations of one address leave exactly one account, one password, one link', async () => {
    const email = uniqueEmail('race');
    const passwords = ['clave-uno-1', 'clave-dos-2', 'clave-tres-3', 'clave-cuatro-4'];
    const responses = await Promise.all(passwords.map((password) => register(email, password)));
    // Each was acknowledged in turn; the last one to commit holds the address.
    expect(responses.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await activeAccounts(ctx, email)).toHaveLength(1);
    const working = [];
    for (const password of passwords) {
      if ((await tryLogin(email, password)).statusCode === 200) working.push(password);
    }
    expect(working).toHaveLength(1);

    await ctx.app.mailer.flush();
    const mails = await readOutbox(ctx.config, email);
    expect(mails).toHaveLength(4);
    const statuses = [];
    for (const mail of mails) {
      const token = /verify-email\?token=([\w-]+)/.exec(mail.text)![1]!;
      statuses.push((await verify(token)).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  });

  it('a registration racing the verification of the pending one: never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const email = uniqueEmail(`verify-race-${round}`);
      await registerUser(ctx.app, { email, password: 'clave-pendiente' });
      const link = await latestVerificationToken(ctx, email);
      const [verified, registered] = await Promise.all([
        verify(link),
        register(email, 'clave-nueva-9'),
      ]);
      const outcome = `${verified.statusCode}/${registered.statusCode}`;
      // Either the verification committed first (the address is taken) or the registration did
      // (the pending account and its link are gone).
      expect(['200/409', '400/201'], outcome).toContain(outcome);
      expect(await activeAccounts(ctx, email)).toHaveLength(1);
      const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
      expect(Boolean(row?.emailVerifiedAt)).toBe(verified.statusCode === 200);
    }
  });
});

describe('an ADMIN_EMAILS address', () => {
  it("the owner's first click asks for a password, and the squatter's password never becomes admin", async () => {
    const squatter = await registerUser(ctx.app, { email: boss, password: 'clave-del-intruso' });
    const squatterSession = await login(ctx.app, boss, 'clave-del-intruso');
    // The link arrives in the real owner's mailbox.
    const link = await latestVerificationToken(ctx, boss);

    const asked = await verify(link);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({
      error: AUTH_MESSAGES.passwordRequired,
      message: AUTH_MESSAGES.passwordRequired,
      code: 'PASSWORD_REQUIRED',
      details: { email: boss },
    });
    // Nothing happened: the link still works and the account is not verified.
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verification-status',
      headers: bearer(squatterSession.token),
    });
    expect(status.json()).toMatchObject({ verified: false });

    // The registration rules and messages.
    const mismatch = await verify(link, { password: 'clave-nueva-1', confirmPassword: 'otra' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: USER_MESSAGES.passwordsMismatch });
    const short = await verify(link, { password: 'abc', confirmPassword: 'abc' });
    expect(short.json()).toMatchObject({ error: USER_MESSAGES.passwordTooShort });

    const done = await verify(link, {
      password: 'clave-de-la-rectora',
      confirmPassword: 'clave-de-la-rectora',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: AUTH_MESSAGES.verifiedWithPassword });
    expect((await verify(link)).json()).toMatchObject({ code: 'TOKEN_USED' });

    expect(await sessionAlive(squatterSession.token)).toBe(false);
    expect((await tryLogin(boss, 'clave-del-intruso')).statusCode).toBe(400);
    const session = await login(ctx.app, boss, 'clave-de-la-rectora');
    expect(session).toMatchObject({
      id: squatter.user.id,
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      verified: true,
    });
    await ctx.app.mailer.flush();
    const [notice] = await readOutbox(ctx.config, boss);
    expect(notice?.subject).toBe('Tu contraseña de UniMercado cambió');
  });

  it('verifying an ordinary address does not need a password, and gives no admin role', async () => {
    const account = await createAccount(ctx);
    const link = await latestVerificationToken(ctx, account.email);
    // Clients that always send a JSON body send `{}`: the same as no body.
    const res = await verify(link, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.verified });
    // The session stays (nothing about it changed).
    expect(await sessionAlive(account.token)).toBe(true);
  });
});

describe('the verification email', () => {
  it('says what to do if you did not register', async () => {
    const { user } = await registerUser(ctx.app);
    await ctx.app.mailer.flush();
    const [mail] = await readOutbox(ctx.config, user.email);
    expect(mail!.text).toContain('¿No te registraste tú?');
    expect(mail!.text).toContain('No abras el enlace');
    expect(mail!.text).toContain('http://localhost:3000/register');
    expect(mail!.html).toContain('¿No te registraste tú?');
  });

  it('renders the chosen name as plain text that no mail client can turn into a link', async () => {
    const names = [
      'evil.com',
      'Visita https://evil.com/premio',
      'soporte@evil.com',
      'Llama al 300 123 4567',
      'Ana\u202Emoc.live\u202C',
      '<a href="https://evil.com">Ana</a>',
    ];
    for (const name of names) {
      const { user } = await registerUser(ctx.app, { name });
      await ctx.app.mailer.flush();
      const [mail] = await readOutbox(ctx.config, user.email);
      for (const body of [mail!.text, mail!.html]) {
        expect(body, name).not.toMatch(/evil\.com|300 123|moc\.live/);
        expect(body, name).not.toContain('\u202E');
        expect(body, name).not.toMatch(/<a[^>]+evil/);
      }
      // The name is still there for the owner to read (minus invisible joiners).
      expect(mail!.text.replace(/\u200C/g, '')).toContain(
        name
          .replace(/[\u202E\u202C]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
  });
});

describe('registering the same address over and over', () => {
  it('cannot flood its mailbox: replacements count like resends', async () => {
    const limited = await createTestApp({
      rateLimits: { verificationEmailsPerAccount: { max: 2, windowMs: 60_000 } },
    });
    try {
      const email = uniqueEmail('buzon');
      const codes = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/users',
          payload: { name: 'X', email, password: 'clave-123', confirmPassword: 'clave-123' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 429]);
      await limited.app.mailer.flush();
      expect(await readOutbox(limited.config, email)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
