import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth';
import { USER_MESSAGES } from '@unimercado/shared/schemas/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  login,
  readOutbox,
  registerUser,
  uniqueEmail,
  type TestContext,
} from '../../test/helpers';

const RESET_LINK = /reset-password\?token=([A-Za-z0-9_-]+)/;

let ctx: TestContext;
let clock = Date.now();
const boss = uniqueEmail('rectora');
beforeAll(async () => {
  ctx = await createTestApp({ now: () => new Date(clock), config: { adminEmails: [boss] } });
});
afterAll(() => ctx.close());

const forgot = (email: string, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const check = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/auth/reset-password?token=${encodeURIComponent(token)}`,
  });
const reset = (token: string, password: string, confirmPassword = password) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword },
  });
const resetMails = async (email: string) => {
  await ctx.app.mailer.flush();
  return (await readOutbox(ctx.config, email)).filter((mail) => RESET_LINK.test(mail.text));
};
const latestResetToken = async (email: string) => {
  const [mail] = await resetMails(email);
  const token = mail && RESET_LINK.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset email for ${email}`);
  return token;
};
const sessionAlive = async (token: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verification-status',
      headers: bearer(token),
    })
  ).statusCode === 200;

describe('forgot password', () => {
  it('answers the same for a registered, unknown, unverified or deleted address; mails only accounts', async () => {
    const verified = await createAccount(ctx, { verified: true });
    const unverified = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    const deleted = await createAccount(ctx);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${deleted.user.id}`,
      headers: bearer(admin.token),
    });
    const unknown = uniqueEmail('nadie');
    const answers = await Promise.all(
      [verified.email, unverified.email, deleted.email, unknown].map((email) => forgot(email)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.forgotSuccess });
    }
    expect(await resetMails(verified.email)).toHaveLength(1);
    expect(await resetMails(unverified.email)).toHaveLength(1);
    expect(await resetMails(deleted.email)).toHaveLength(0);
    expect(await resetMails(unknown)).toHaveLength(0);
    const [mail] = await resetMails(verified.email);
    expect(mail!.subject).toBe('Restablece tu contraseña de UniMercado');
    expect(mail!.text).toContain('vence en 60 minutos');
    expect(mail!.text).toContain('¿No lo pediste tú?');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}/);
  });

  it('asks for a valid email with the spec messages', async () => {
    for (const [email, message] of [
      ['', AUTH_MESSAGES.resendEmailRequired],
      ['no-es-un-email', USER_MESSAGES.emailInvalid],
    ] as const) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('choosing a new password with the link', () => {
  it('works once: new password in, old password and every session out, address verified, notice sent', async () => {
    const account = await createAccount(ctx);
    const otherSession = await login(ctx.app, account.email, account.password);
    await forgot(account.email.toUpperCase());
    const token = await latestResetToken(account.email);

    const status = await check(token);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ email: account.email });
    expect(status.headers['cache-control']).toBe('no-store');

    const res = await reset(token, 'clave-nueva-123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetSuccess });

    expect(await sessionAlive(account.token)).toBe(false);
    expect(await sessionAlive(otherSession.token)).toBe(false);
    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(oldPassword.statusCode).toBe(400);
    const session = await login(ctx.app, account.email, 'clave-nueva-123');
    // The link proved the mailbox.
    expect(session.verified).toBe(true);

    // Single use, also for the status check.
    expect((await reset(token, 'otra-clave-456')).json()).toMatchObject({
      error: AUTH_MESSAGES.tokenUsed,
      code: 'TOKEN_USED',
    });
    expect((await check(token)).json()).toMatchObject({ code: 'TOKEN_USED' });
    await expect(login(ctx.app, account.email, 'clave-nueva-123')).resolves.toBeDefined();

    await ctx.app.mailer.flush();
    const [notice] = await readOutbox(ctx.config, account.email);
    expect(notice!.subject).toBe('Tu contraseña de UniMercado cambió');
    expect(notice!.text).toContain('Si no fuiste tú');
    expect(notice!.text).toContain('http://localhost:3000/forgot-password');
  });

  it('uses the registration rules and messages, and a refused password leaves the link usable', async () => {
    const account = await createAccount(ctx);
    await forgot(account.email);
    const token = await latestResetToken(account.email);
    const mismatch = await reset(token, 'clave-nueva-1', 'clave-nueva-2');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: USER_MESSAGES.passwordsMismatch });
    const short = await reset(token, 'abc');
    expect(short.json()).toMatchObject({ error: USER_MESSAGES.passwordTooShort });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token },
    });
    expect(missing.json()).toMatchObject({ error: USER_MESSAGES.requiredRegister });
    expect((await reset(token, 'clave-valida-1')).statusCode).toBe(200);
  });

  it('unknown, expired and replaced links have their own messages', async () => {
    expect((await check('A'.repeat(43))).json()).toEqual({
      error: AUTH_MESSAGES.resetTokenInvalid,
      message: AUTH_MESSAGES.resetTokenInvalid,
      code: 'TOKEN_INVALID',
    });
    expect((await reset('A'.repeat(43), 'clave-nueva-1')).json()).toMatchObject({
      code: 'TOKEN_INVALID',
    });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/reset-password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: AUTH_MESSAGES.resetTokenMissing });

    const account = await createAccount(ctx);
    await forgot(account.email);
    const first = await latestResetToken(account.email);
    clock += 61 * 60_000;
    try {
      const expired = await reset(first, 'clave-nueva-1');
      expect(expired.json()).toEqual({
        error: AUTH_MESSAGES.resetTokenExpired,
        message: AUTH_MESSAGES.resetTokenExpired,
        code: 'TOKEN_EXPIRED',
      });
      expect(expired.json<{ error: string }>().error).toContain('expirado');
    } finally {
      clock -= 61 * 60_000;
    }
    // A newer link replaces the older one.
    await forgot(account.email);
    const second = await latestResetToken(account.email);
    expect(second).not.toBe(first);
    expect((await check(first)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await reset(second, 'clave-nueva-2')).statusCode).toBe(200);
  });

  it('parallel requests leave one usable link; parallel uses of it succeed exactly once', async () => {
    const account = await createAccount(ctx);
    await Promise.all([forgot(account.email), forgot(account.email), forgot(account.email)]);
    const mails = await resetMails(account.email);
    expect(mails).toHaveLength(3);
    const tokens = mails.map((mail) => RESET_LINK.exec(mail.text)![1]!);
    const usable: string[] = [];
    for (const token of tokens) if ((await check(token)).statusCode === 200) usable.push(token);
    expect(usable).toHaveLength(1);

    const passwords = ['clave-a-1111', 'clave-b-2222', 'clave-c-3333'];
    const attempts = await Promise.all(passwords.map((password) => reset(usable[0]!, password)));
    const codes = attempts.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 400, 400]);
    const winner = passwords[attempts.findIndex((res) => res.statusCode === 200)]!;
    await expect(login(ctx.app, account.email, winner)).resolves.toBeDefined();
  });

  it('a session signed in before the reset cannot change the password again', async () => {
    const account = await createAccount(ctx);
    await forgot(account.email);
    await reset(await latestResetToken(account.email), 'clave-del-dueno-1');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${account.user.id}`,
      headers: bearer(account.token),
      payload: { name: 'Ladrón', email: account.email, password: 'clave-ladron-1' },
    });
    expect(res.statusCode).toBe(401);
    await expect(login(ctx.app, account.email, 'clave-del-dueno-1')).resolves.toBeDefined();
  });

  it('an ADMIN_EMAILS address becomes admin through a reset (the link proves the mailbox)', async () => {
    const squatter = await registerUser(ctx.app, { email: boss, password: 'clave-intruso' });
    await forgot(boss);
    await reset(await latestResetToken(boss), 'clave-rectora-1');
    const session = await login(ctx.app, boss, 'clave-rectora-1');
    expect(session).toMatchObject({ id: squatter.user.id, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });
});

describe('rate limits and timing of the requests that must not reveal accounts', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        passwordResetEmailsPerAccount: { max: 2, windowMs: 60_000 },
        resetPerIp: { max: 5, windowMs: 60_000 },
        loginFailuresPerAccount: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => limited.close());

  const forgotOn = (email: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress,
    });

  it('per address (known or not, the same) and per IP', async () => {
    const account = await createAccount(limited);
    for (const email of [account.email, uniqueEmail('ghost')]) {
      const codes = [];
      for (let i = 0; i < 3; i += 1) codes.push((await forgotOn(email, '10.1.1.1')).statusCode);
      expect(codes, email).toEqual([200, 200, 429]);
    }
    const fromOneIp = [];
    for (let i = 0; i < 6; i += 1) {
      fromOneIp.push((await forgotOn(uniqueEmail('ip'), '10.2.2.2')).statusCode);
    }
    expect(fromOneIp).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a reset lifts the lock someone caused by failing logins on purpose', async () => {
    const account = await createAccount(limited, { verified: true });
    const tryLogin = (password: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password },
      });
    for (let i = 0; i < 3; i += 1) await tryLogin(`adivinanza-${i}`);
    expect((await tryLogin(account.password)).statusCode).toBe(429);
    await forgotOn(account.email, '10.4.4.4');
    await limited.app.mailer.flush();
    const [mail] = (await readOutbox(limited.config, account.email)).filter((m) =>
      RESET_LINK.test(m.text),
    );
    const token = RESET_LINK.exec(mail!.text)![1]!;
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'clave-nueva-77', confirmPassword: 'clave-nueva-77' },
      remoteAddress: '10.4.4.4',
    });
    expect(res.statusCode).toBe(200);
    expect((await tryLogin('clave-nueva-77')).statusCode).toBe(200);
  });

  it('forgot-password and resend-verification answer before any account is looked at', async () => {
    // Writing a link is made slow on purpose: an answer that waited for it would show it.
    const { db } = limited.database;
    await db.execute(sql`
      create or replace function um_test_slow() returns trigger language plpgsql
      as $$ begin perform pg_sleep(1); return new; end $$`);
    for (const table of ['email_verification_tokens', 'password_reset_tokens']) {
      await db.execute(
        sql.raw(`create trigger um_test_slow before insert on ${table}
          for each row execute function um_test_slow()`),
      );
    }
    try {
      const unverified = await registerUser(limited.app);
      const verified = await createAccount(limited, { verified: true });
      await limited.app.mailer.flush();
      const timed = async (url: string, payload?: Record<string, unknown>) => {
        await limited.app.mailer.flush();
        const started = performance.now();
        const res = await limited.app.inject({
          method: 'POST',
          url,
          remoteAddress: `10.3.3.${Math.floor(Math.random() * 200)}`,
          ...(payload ? { payload } : {}),
        });
        const elapsed = performance.now() - started;
        expect(res.statusCode).toBe(200);
        return elapsed;
      };
      for (const email of [uniqueEmail('ghost'), verified.email, unverified.user.email]) {
        const resend = `/api/auth/resend-verification?email=${encodeURIComponent(email)}`;
        expect(await timed(resend), `resend ${email}`).toBeLessThan(700);
        expect(await timed('/api/auth/forgot-password', { email }), `forgot ${email}`).toBeLessThan(
          700,
        );
      }
      // The work still happened, in the background.
      await limited.app.mailer.flush();
      expect(await readOutbox(limited.config, unverified.user.email)).toHaveLength(3);
    } finally {
      for (const table of ['email_verification_tokens', 'password_reset_tokens']) {
        await db.execute(sql.raw(`drop trigger um_test_slow on ${table}`));
      }
    }
  });
});

describe('the reset marks a replaced address correctly', () => {
  it('a reset link sent before an email change stops working', async () => {
    const account = await createAccount(ctx, { verified: true });
    await forgot(account.email);
    const token = await latestResetToken(account.email);
    await ctx.database.db
      .update(users)
      .set({ email: uniqueEmail('elsewhere') })
      .where(eq(users.id, account.user.id));
    expect((await reset(token, 'clave-nueva-1')).json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
