import { USER_MESSAGES, type UpdateUserResponse } from '@unimercado/shared/schemas/users';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccount,
  createTestApp,
  login,
  readOutbox,
  uniqueEmail,
  type Account,
  type TestContext,
} from '../../test/helpers';

const MINUTE = 60_000;

/**
 * Changing the password or the email needs the current password or a sign-in less than ten
 * minutes old: a stolen old token must not be enough to take the account over (decision 010).
 */
let ctx: TestContext;
let clock = Date.now();
beforeAll(async () => {
  ctx = await createTestApp({
    now: () => new Date(clock),
    rateLimits: { loginFailuresPerAccount: { max: 3, windowMs: 15 * MINUTE } },
  });
});
afterAll(() => ctx.close());

const later = (minutes: number) => {
  clock += minutes * MINUTE;
};
const put = (account: Account, token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${account.user.id}`,
    headers: bearer(token),
    payload: { name: account.user.name, email: account.email, ...payload },
  });
const canLogin = async (email: string, password: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
  ).statusCode === 200;

describe('PUT /api/users/{id}: password and email changes', () => {
  it('a fresh sign-in changes the password without the current one (spec clients send none)', async () => {
    const account = await createAccount(ctx);
    later(9);
    const res = await put(account, account.token, { password: 'clave-nueva-1' });
    expect(res.statusCode).toBe(200);
    expect(await canLogin(account.email, 'clave-nueva-1')).toBe(true);
  });

  it('an older session needs the current password; without it nothing changes', async () => {
    const account = await createAccount(ctx);
    later(11);
    const refused = await put(account, account.token, { password: 'clave-ladron-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: USER_MESSAGES.reauthenticationRequired,
      message: USER_MESSAGES.reauthenticationRequired,
      code: 'REAUTHENTICATION_REQUIRED',
    });
    const newEmail = uniqueEmail('ladron');
    const moved = await put(account, account.token, { email: newEmail });
    expect(moved.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    expect(await canLogin(account.email, account.password)).toBe(true);

    // Name and phone need nothing more.
    expect((await put(account, account.token, { name: 'Otro Nombre' })).statusCode).toBe(200);

    const proved = await put(account, account.token, {
      password: 'clave-nueva-2',
      currentPassword: account.password,
    });
    expect(proved.statusCode).toBe(200);
    expect(await canLogin(account.email, 'clave-nueva-2')).toBe(true);
    // Proving the password is a sign-in: the answer's token may change it again right away.
    const { token } = proved.json<UpdateUserResponse>();
    expect((await put(account, token, { password: 'clave-nueva-3' })).statusCode).toBe(200);
  });

  it('a token refreshed by PUT keeps the sign-in time: it does not count as a new sign-in', async () => {
    const account = await createAccount(ctx);
    const signedInAt = decodeJwt(account.token).auth_time;
    later(8);
    const renamed = await put(account, account.token, { name: 'Renombrada' });
    const refreshed = renamed.json<UpdateUserResponse>().token;
    expect(decodeJwt(refreshed).auth_time).toBe(signedInAt);
    later(3);
    const res = await put(account, refreshed, { password: 'clave-ladron-2' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
  });

  it('a wrong current password is refused and counts as a failed login of the account', async () => {
    const account = await createAccount(ctx);
    later(11);
    for (let i = 0; i < 3; i += 1) {
      const res = await put(account, account.token, {
        password: 'clave-ladron-3',
        currentPassword: `adivinanza-${i}`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: USER_MESSAGES.currentPasswordInvalid,
        code: 'CURRENT_PASSWORD_INVALID',
      });
    }
    const limited = await put(account, account.token, {
      password: 'clave-ladron-3',
      currentPassword: account.password,
    });
    expect(limited.statusCode).toBe(429);
    expect(await canLogin(account.email, 'clave-ladron-3')).toBe(false);
    later(16);
  });

  it('a password change mails a notice to the address the account had before', async () => {
    const account = await createAccount(ctx, { verified: true });
    const newEmail = uniqueEmail('nueva');
    const res = await put(account, account.token, {
      email: newEmail,
      password: 'clave-nueva-4',
      currentPassword: account.password,
    });
    expect(res.statusCode).toBe(200);
    await ctx.app.mailer.flush();
    const [notice] = await readOutbox(ctx.config, account.email);
    expect(notice?.subject).toBe('Tu contraseña de UniMercado cambió');
    const [verification] = await readOutbox(ctx.config, newEmail);
    expect(verification?.subject).toBe('Verifica tu email en UniMercado');
    await expect(login(ctx.app, newEmail, 'clave-nueva-4')).resolves.toBeDefined();
  });
});
