import { AUTH_MESSAGES, type LoginResponse } from '@unimercado/shared/schemas/auth';
import { USER_MESSAGES } from '@unimercado/shared/schemas/users';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerificationTokens } from '../../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  latestVerificationToken,
  login,
  readOutbox,
  registerUser,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../test/helpers';

const HOUR = 3_600_000;

describe('registration: POST /api/users', () => {
  let ctx: TestContext;
  const adminEmail = uniqueEmail('boss');
  beforeAll(async () => {
    ctx = await createTestApp({ config: { adminEmails: [adminEmail] } });
  });
  afterAll(() => ctx.close());

  const register = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/users', payload });

  it('creates an unverified ROLE_USER account (201) and ignores roles in the payload', async () => {
    const email = uniqueEmail('Ana');
    const res = await register({
      name: '  Ana María  ',
      email: email.toUpperCase(),
      phone: '+57 300 123 4567',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      roles: ['ROLE_ADMIN'],
      verified: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<Record<string, unknown>>();
    expect(body).toEqual({
      id: expect.any(Number) as unknown,
      name: 'Ana María',
      email: email.toLowerCase(),
      phone: '+57 300 123 4567',
      roles: ['ROLE_USER'],
      verified: false,
      createdAt: expect.stringMatching(/Z$/) as unknown,
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const session = await login(ctx.app, email.toLowerCase());
    expect(session.roles).toEqual(['ROLE_USER']);
  });

  it('sends a Spanish verification email with the link to the outbox', async () => {
    const { user } = await registerUser(ctx.app);
    await ctx.app.mailer.flush();
    const [message] = await readOutbox(ctx.config, user.email);
    expect(message).toBeDefined();
    expect(message!.subject).toBe('Verifica tu email en UniMercado');
    expect(message!.from).toContain('UniMercado');
    expect(message!.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    expect(message!.html).toContain('verify-email?token=');
    expect(message!.text).toContain('Hola, Estudiante Prueba:');
  });

  it('registering an ADMIN_EMAILS address gives ROLE_USER only', async () => {
    const { user, password } = await registerUser(ctx.app, { email: adminEmail });
    expect(user.roles).toEqual(['ROLE_USER']);
    const session = await login(ctx.app, adminEmail, password);
    expect(session.roles).toEqual(['ROLE_USER']);
    const adminOnly = await ctx.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: bearer(session.token),
    });
    expect(adminOnly.statusCode).toBe(403);
  });

  it('refuses the email of a verified account, whatever its case, with 409 EMAIL_TAKEN', async () => {
    const { user } = await createAccount(ctx, { verified: true });
    const res = await register({
      name: 'Otra',
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Ya existe una cuenta con ese correo electrónico.',
      message: 'Ya existe una cuenta con ese correo electrónico.',
      code: 'EMAIL_TAKEN',
    });
  });

  it('validates with the spec messages and changes nothing', async () => {
    const email = uniqueEmail();
    const cases: [Record<string, unknown>, string][] = [
      [{}, USER_MESSAGES.requiredRegister],
      [
        { name: '', email, password: 'abcdef', confirmPassword: 'abcdef' },
        USER_MESSAGES.requiredRegister,
      ],
      [
        { name: 'A', email, password: 'abcdef', confirmPassword: 'abcdeg' },
        USER_MESSAGES.passwordsMismatch,
      ],
      [
        { name: 'A', email, password: 'abc', confirmPassword: 'abc' },
        USER_MESSAGES.passwordTooShort,
      ],
      [
        { name: 'A', email: 'no-at-sign', password: 'abcdef', confirmPassword: 'abcdef' },
        USER_MESSAGES.emailInvalid,
      ],
      [
        { name: 'A', email, phone: 'abc', password: 'abcdef', confirmPassword: 'abcdef' },
        USER_MESSAGES.phoneInvalid,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
      expect(res.json<{ details: { issues: unknown[] } }>().details.issues.length).toBeGreaterThan(
        0,
      );
    }
    const loginAttempt = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'abcdef' },
    });
    expect(loginAttempt.statusCode).toBe(400);
  });
});

describe('registration with ALLOWED_EMAIL_DOMAINS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { allowedEmailDomains: ['uni.edu.co'] } });
  });
  afterAll(() => ctx.close());

  it('accepts the university domain and its subdomains only', async () => {
    await expect(
      registerUser(ctx.app, { email: uniqueEmail('a', 'uni.edu.co') }),
    ).resolves.toBeDefined();
    await expect(
      registerUser(ctx.app, { email: uniqueEmail('b', 'est.uni.edu.co') }),
    ).resolves.toBeDefined();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Intruso',
        email: uniqueEmail('c', 'gmail.com'),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Solo se permiten correos institucionales (@uni.edu.co).',
      message: 'Solo se permiten correos institucionales (@uni.edu.co).',
      code: 'EMAIL_DOMAIN_NOT_ALLOWED',
    });
  });
});

describe('login: POST /api/auth/login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers the contract shape, a JWT with the claims and an HttpOnly session cookie', async () => {
    const { user } = await registerUser(ctx.app, { name: 'Luis Pérez' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<LoginResponse>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'creationDate',
        'email',
        'expirationDate',
        'id',
        'name',
        'roles',
        'token',
        'verified',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: user.id,
      name: 'Luis Pérez',
      email: user.email,
      roles: ['ROLE_USER'],
      verified: false,
    });
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({
      sub: String(user.id),
      id: user.id,
      email: user.email,
      name: 'Luis Pérez',
      roles: ['ROLE_USER'],
      tv: 0,
    });
    expect(new Date(body.expirationDate).getTime()).toBe(claims.exp! * 1000);
    expect(new Date(body.expirationDate).getTime() - new Date(body.creationDate).getTime()).toBe(
      7 * 24 * HOUR,
    );
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^um_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('the HTTP API never authenticates by the cookie', async () => {
    const { user } = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const withCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verification-status',
      headers: { cookie },
    });
    expect(withCookie.statusCode).toBe(401);
  });

  // 400, not 401: spec clients read every 401 as "session over" and reload the login page, so the
  // message would never be seen (decision 038). A missing or invalid session stays 401 (below).
  it('wrong password and unknown email look the same (400 INVALID_CREDENTIALS)', async () => {
    const { user } = await registerUser(ctx.app);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'incorrecta' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('ghost'), password: 'incorrecta' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: AUTH_MESSAGES.invalidCredentials,
      message: AUTH_MESSAGES.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('asks for both fields with the spec message', async () => {
    for (const payload of [{}, { email: 'a@b.co' }, { email: '', password: 'x' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: AUTH_MESSAGES.loginRequired,
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('POST /api/auth/logout clears the session cookie', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/um_session=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe('email verification', () => {
  let ctx: TestContext;
  let clock = Date.now();
  beforeAll(async () => {
    ctx = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => ctx.close());

  const verify = (token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: token === undefined ? '/api/auth/verify-email' : `/api/auth/verify-email?token=${token}`,
    });
  const status = async (token: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/verification-status',
        headers: bearer(token),
      })
    ).json<{ verified: boolean; email: string }>();

  it('verifies with the link token, once; a second use says "utilizado"', async () => {
    const account = await createAccount(ctx);
    expect(await status(account.token)).toEqual({ verified: false, email: account.email });
    const token = await latestVerificationToken(ctx, account.email);
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: AUTH_MESSAGES.verified });
    expect(await status(account.token)).toEqual({ verified: true, email: account.email });
    const second = await verify(token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      error: AUTH_MESSAGES.tokenUsed,
      message: AUTH_MESSAGES.tokenUsed,
      code: 'TOKEN_USED',
    });
    expect(second.json<{ error: string }>().error).toContain('utilizado');
    const session = await login(ctx.app, account.email);
    expect(session.verified).toBe(true);
  });

  it('an expired link says "expirado" and verifies nothing', async () => {
    const account = await createAccount(ctx);
    const token = await latestVerificationToken(ctx, account.email);
    clock += 25 * HOUR;
    try {
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: AUTH_MESSAGES.tokenExpired,
        message: AUTH_MESSAGES.tokenExpired,
        code: 'TOKEN_EXPIRED',
      });
      expect(res.json<{ error: string }>().error).toContain('expirado');
    } finally {
      clock -= 25 * HOUR;
    }
    expect((await status(account.token)).verified).toBe(false);
  });

  it('unknown and missing tokens have their own messages', async () => {
    const unknown = await verify('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: AUTH_MESSAGES.tokenInvalid,
      message: AUTH_MESSAGES.tokenInvalid,
      code: 'TOKEN_INVALID',
    });
    const missing = await verify();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: AUTH_MESSAGES.tokenMissing,
      message: AUTH_MESSAGES.tokenMissing,
      code: 'TOKEN_INVALID',
    });
    const blank = await verify('');
    expect(blank.json()).toMatchObject({ error: AUTH_MESSAGES.tokenMissing });
  });

  it("a token verifies exactly its own user: A's link leaves B unverified", async () => {
    const a = await createAccount(ctx);
    const b = await createAccount(ctx);
    const tokenA = await latestVerificationToken(ctx, a.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${tokenA}`,
      headers: bearer(b.token),
    });
    expect(res.statusCode).toBe(200);
    expect((await status(a.token)).verified).toBe(true);
    expect((await status(b.token)).verified).toBe(false);
  });

  it('resending replaces the previous link', async () => {
    const account = await createAccount(ctx);
    const oldToken = await latestVerificationToken(ctx, account.email);
    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/resend-verification?email=${encodeURIComponent(account.email.toUpperCase())}`,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: AUTH_MESSAGES.resendSuccess });
    const newToken = await latestVerificationToken(ctx, account.email);
    expect(newToken).not.toBe(oldToken);
    expect((await verify(oldToken)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await verify(newToken)).statusCode).toBe(200);
  });

  it('parallel resends leave exactly one usable link', async () => {
    const account = await createAccount(ctx);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/auth/resend-verification?email=${encodeURIComponent(account.email)}`,
        }),
      ),
    );
    expect(responses.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const unused = await ctx.database.db
      .select({ id: emailVerificationTokens.id })
      .from(emailVerificationTokens)
      .where(
        and(
          eq(emailVerificationTokens.userId, account.user.id),
          isNull(emailVerificationTokens.usedAt),
        ),
      );
    expect(unused).toHaveLength(1);
  });

  it('resend answers the same whether the email exists, is verified or not', async () => {
    const verified = await createAccount(ctx, { verified: true });
    await ctx.app.mailer.flush();
    const before = (await readOutbox(ctx.config, verified.email)).length;
    const answers = await Promise.all(
      [uniqueEmail('nobody'), verified.email, 'not-an-email'].map((email) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/auth/resend-verification?email=${encodeURIComponent(email)}`,
        }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.resendSuccess });
    }
    await ctx.app.mailer.flush();
    expect((await readOutbox(ctx.config, verified.email)).length).toBe(before);
  });

  it('resend without an email asks for it', async () => {
    for (const url of ['/api/auth/resend-verification', '/api/auth/resend-verification?email=']) {
      const res = await ctx.app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Por favor ingresa tu email.' });
    }
  });

  it('request-verification: 401 anonymous, 200 unverified, 409 already verified', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-verification',
    });
    expect(anonymous.statusCode).toBe(401);
    const account = await createAccount(ctx);
    const oldToken = await latestVerificationToken(ctx, account.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-verification',
      headers: bearer(account.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.requestSuccess });
    const newToken = await latestVerificationToken(ctx, account.email);
    expect(newToken).not.toBe(oldToken);
    expect((await verify(newToken)).statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-verification',
      headers: bearer(account.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: AUTH_MESSAGES.alreadyVerified,
      message: AUTH_MESSAGES.alreadyVerified,
      code: 'ALREADY_VERIFIED',
    });
  });

  it('verification-status needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/verification-status' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const bearerNull = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verification-status',
      headers: { authorization: 'Bearer null' },
    });
    expect(bearerNull.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      rateLimits: {
        loginPerIp: { max: 1000, windowMs: 60_000 },
        loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
        verificationEmailsPerAccount: { max: 2, windowMs: 60_000 },
        registerPerIp: { max: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => ctx.close());

  const expect429 = (res: {
    statusCode: number;
    headers: Record<string, unknown>;
    json: () => unknown;
  }) => {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      error: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
      code: 'RATE_LIMITED',
    });
  };

  it('failed logins per account: 429 with Retry-After, even with the right password', async () => {
    const { user } = await registerUser(ctx.app, { email: uniqueEmail('victim') });
    for (let i = 0; i < 3; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'incorrecta' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect429(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      }),
    );
    // Another account from the same address is unaffected.
    const { user: other } = await registerUser(ctx.app);
    await expect(login(ctx.app, other.email)).resolves.toMatchObject({ id: other.id });
  });

  it('failed logins per account: a parallel burst of guesses gets no more tries than the limit', async () => {
    const { user } = await registerUser(ctx.app, { email: uniqueEmail('burst') });
    const guesses = [...Array.from({ length: 7 }, (_, i) => `incorrecta${i}`), TEST_PASSWORD];
    const responses = await Promise.all(
      guesses.map((password) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password },
        }),
      ),
    );
    // The right password, sent after the limit was used up, must not get in.
    expect(responses.map((res) => res.statusCode)).toEqual([
      400, 400, 400, 429, 429, 429, 429, 429,
    ]);
  });

  it('verification emails per address: 429 after the limit', async () => {
    const email = uniqueEmail('spam');
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/auth/resend-verification?email=${encodeURIComponent(email)}`,
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect429(await send());
  });

  it('registration per IP: 429 after the limit', async () => {
    const responses = [];
    for (let i = 0; i < 4; i += 1) {
      responses.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users',
          remoteAddress: '10.9.9.9',
          payload: {
            name: 'Bot',
            email: uniqueEmail('bot'),
            password: TEST_PASSWORD,
            confirmPassword: TEST_PASSWORD,
          },
        }),
      );
    }
    // Two registrations above used the default address; this one has its own counter.
    expect(responses.slice(0, 3).map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect429(responses[3]!);
  });
});

describe('login per IP limit', () => {
  it('answers 429 once an address exceeds the generous per-IP budget', async () => {
    const ctx = await createTestApp({ rateLimits: { loginPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const codes = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail(), password: 'x' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await ctx.close();
    }
  });
});
