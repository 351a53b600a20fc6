import type { LoginResponse } from '@unimercado/shared/schemas/auth';
import { MAX_PASSKEYS_PER_MEMBER, type Passkey } from '@unimercado/shared/schemas/passkeys';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passkeys, users } from '../../db/schema';
import {
  bearer,
  callAs,
  createAccount,
  createTestApp,
  readOutbox,
  type Account,
  type TestContext,
} from '../../test/helpers';
import {
  assert,
  attest,
  createAuthenticator,
  userHandleFor,
  type SoftAuthenticator,
} from '../../test/passkeys';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:3000';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

let ctx: TestContext;
let clock = Date.now();

beforeAll(async () => {
  ctx = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => ctx.close());

const registrationOptions = async (account: Account, body: unknown = {}) =>
  callAs(ctx, 'POST', '/api/passkeys/options', account.token, body);

/** Adds a passkey for `account` through the routes; answers the stored passkey. */
const addPasskey = async (account: Account, authenticator = createAuthenticator()) => {
  const options = await registrationOptions(account);
  expect(options.statusCode).toBe(200);
  const { challenge } = options.json<{ challenge: string }>();
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/passkeys',
    headers: { ...bearer(account.token), 'user-agent': ANDROID_CHROME },
    payload: { response: attest(authenticator, { rpId: RP_ID, origin: ORIGIN, challenge }) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { passkey: added.json<Passkey>(), authenticator };
};

/** A sign-in challenge and the cookie that binds it to "this browser". */
const signInOptions = async () => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/passkeys/options' });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'um_passkey');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Strict');
  return { challenge: response.json<{ challenge: string }>().challenge, cookie: cookie!.value };
};

const signIn = (payload: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/passkeys/login',
    ...(cookie ? { cookies: { um_passkey: cookie } } : {}),
    payload: { response: payload },
  });

const answer = (
  authenticator: SoftAuthenticator,
  challenge: string,
  extra: Partial<Parameters<typeof assert>[1]> = {},
) => assert(authenticator, { rpId: RP_ID, origin: ORIGIN, challenge, ...extra });

describe('passkeys: adding, listing, removing', () => {
  it('a member adds a passkey, named after the browser unless named, and lists only their own', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const other = await createAccount(ctx, { verified: true });
    const { passkey } = await addPasskey(owner);
    expect(passkey).toMatchObject({ name: 'Chrome en Android', lastUsedAt: null });
    // The owner hears of every new way into the account.
    await ctx.app.mailer.flush();
    const [notice] = await readOutbox(ctx.config, owner.email);
    expect(notice?.subject).toBe('Nueva llave de acceso en tu cuenta de UniMercado');
    expect(notice?.text).toContain('«Chrome en Android»');
    expect(notice?.text).toContain('http://localhost:3000/profile');

    const options = await registrationOptions(owner);
    const { challenge } = options.json<{ challenge: string; excludeCredentials: unknown[] }>();
    expect(options.json<{ excludeCredentials: unknown[] }>().excludeCredentials).toHaveLength(1);
    const named = await callAs(ctx, 'POST', '/api/passkeys', owner.token, {
      response: attest(createAuthenticator(), { rpId: RP_ID, origin: ORIGIN, challenge }),
      name: '  Portátil de la biblioteca ',
    });
    expect(named.json<Passkey>().name).toBe('Portátil de la biblioteca');

    const listed = await callAs(ctx, 'GET', '/api/passkeys', owner.token);
    expect(listed.headers['x-total-count']).toBe('2');
    expect(listed.json<Passkey[]>().map((p) => p.name)).toEqual([
      'Chrome en Android',
      'Portátil de la biblioteca',
    ]);
    expect(JSON.stringify(listed.json())).not.toMatch(/publicKey|credentialId/);
    const theirs = await callAs(ctx, 'GET', '/api/passkeys', other.token);
    expect(theirs.json()).toEqual([]);
    expect((await callAs(ctx, 'GET', '/api/passkeys')).statusCode).toBe(401);
  });

  it('an unverified member may add one (like editing the profile)', async () => {
    const unverified = await createAccount(ctx);
    await addPasskey(unverified);
  });

  it('needs a recent sign-in or the current password, like a password change', async () => {
    const owner = await createAccount(ctx, { verified: true });
    clock += 11 * 60_000;
    try {
      const stale = await registrationOptions(owner);
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
      const wrong = await registrationOptions(owner, { currentPassword: 'otra-cosa' });
      expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_INVALID' });
      const proved = await registrationOptions(owner, { currentPassword: owner.password });
      expect(proved.statusCode).toBe(200);
    } finally {
      clock -= 11 * 60_000;
    }
  });

  it("refuses a registration answered to another member's challenge, or answered twice", async () => {
    const owner = await createAccount(ctx, { verified: true });
    const other = await createAccount(ctx, { verified: true });
    const { challenge } = (await registrationOptions(owner)).json<{ challenge: string }>();
    const response = attest(createAuthenticator(), { rpId: RP_ID, origin: ORIGIN, challenge });
    const stolen = await callAs(ctx, 'POST', '/api/passkeys', other.token, { response });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
    // The stolen attempt used the challenge up: the owner asks again.
    const again = await callAs(ctx, 'POST', '/api/passkeys', owner.token, { response });
    expect(again.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
    expect((await callAs(ctx, 'GET', '/api/passkeys', other.token)).json()).toEqual([]);
  });

  it('refuses an answer from another site or without user verification', async () => {
    const owner = await createAccount(ctx, { verified: true });
    for (const ceremony of [
      { rpId: RP_ID, origin: 'https://evil.example' },
      { rpId: 'evil.example', origin: ORIGIN },
      { rpId: RP_ID, origin: ORIGIN, withoutUserVerification: true },
    ]) {
      const { challenge } = (await registrationOptions(owner)).json<{ challenge: string }>();
      const refused = await callAs(ctx, 'POST', '/api/passkeys', owner.token, {
        response: attest(createAuthenticator(), { ...ceremony, challenge }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'PASSKEY_INVALID' });
    }
    expect((await callAs(ctx, 'GET', '/api/passkeys', owner.token)).json()).toEqual([]);
  });

  it('the same authenticator cannot be registered twice', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const { authenticator } = await addPasskey(owner);
    const { challenge } = (await registrationOptions(owner)).json<{ challenge: string }>();
    const twice = await callAs(ctx, 'POST', '/api/passkeys', owner.token, {
      response: attest(authenticator, { rpId: RP_ID, origin: ORIGIN, challenge }),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('keeps at most ten per member, also when two are added at once', async () => {
    const owner = await createAccount(ctx, { verified: true });
    await ctx.database.db.insert(passkeys).values(
      Array.from({ length: MAX_PASSKEYS_PER_MEMBER - 1 }, (_, index) => ({
        userId: owner.user.id,
        credentialId: `limit-${owner.user.id}-${index}`,
        publicKey: new Uint8Array([1]),
        name: `Llave ${index}`,
      })),
    );
    const challenges = await Promise.all(
      [1, 2].map(async () => (await registrationOptions(owner)).json<{ challenge: string }>()),
    );
    const added = await Promise.all(
      challenges.map(({ challenge }) =>
        callAs(ctx, 'POST', '/api/passkeys', owner.token, {
          response: attest(createAuthenticator(), { rpId: RP_ID, origin: ORIGIN, challenge }),
        }),
      ),
    );
    expect(added.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const full = await registrationOptions(owner);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'PASSKEY_LIMIT',
      error: 'Alcanzaste el máximo de llaves de acceso. Elimina una para añadir otra.',
    });
    const listed = await callAs(ctx, 'GET', '/api/passkeys', owner.token);
    expect(listed.json()).toHaveLength(MAX_PASSKEYS_PER_MEMBER);
  });

  it('only the owner removes a passkey: another member and an admin get 404, anonymous 401', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const other = await createAccount(ctx, { verified: true });
    const admin = await createAccount(ctx, { verified: true, admin: true });
    const { passkey, authenticator } = await addPasskey(owner);
    const url = `/api/passkeys/${passkey.id}`;
    expect((await callAs(ctx, 'DELETE', url)).statusCode).toBe(401);
    for (const intruder of [other, admin]) {
      const refused = await callAs(ctx, 'DELETE', url, intruder.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ error: 'Llave de acceso no encontrada.' });
    }
    expect((await callAs(ctx, 'GET', '/api/passkeys', owner.token)).json()).toHaveLength(1);
    expect((await callAs(ctx, 'DELETE', url, owner.token)).statusCode).toBe(204);
    expect((await callAs(ctx, 'DELETE', url, owner.token)).statusCode).toBe(404);

    const { challenge, cookie } = await signInOptions();
    const gone = await signIn(answer(authenticator, challenge), cookie);
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({ code: 'PASSKEY_NOT_RECOGNIZED' });
  });
});

describe('passkeys: signing in', () => {
  it('signs in as the owner with a fresh sign-in time, and records the use', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const { passkey, authenticator } = await addPasskey(owner);
    clock += 30 * 60_000;
    try {
      const { challenge, cookie } = await signInOptions();
      const response = await signIn(
        answer(authenticator, challenge, { userHandle: userHandleFor(owner.user.id) }),
        cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      const session = response.json<LoginResponse>();
      expect(session).toMatchObject({ id: owner.user.id, email: owner.email, verified: true });
      expect(response.cookies.find((c) => c.name === 'um_session')?.value).toBe(session.token);
      expect(response.cookies.find((c) => c.name === 'um_passkey')?.value).toBe('');
      expect(decodeJwt(session.token).auth_time).toBe(Math.floor(clock / 1000));
      // A recent sign-in: adding another passkey needs no password.
      expect((await registrationOptions({ ...owner, token: session.token })).statusCode).toBe(200);
      const [listed] = (await callAs(ctx, 'GET', '/api/passkeys', session.token)).json<Passkey[]>();
      expect(listed).toMatchObject({ id: passkey.id, lastUsedAt: new Date(clock).toISOString() });
    } finally {
      clock -= 30 * 60_000;
    }
  });

  it('an unverified account signs in too, as with the password', async () => {
    const unverified = await createAccount(ctx);
    const { authenticator } = await addPasskey(unverified);
    const { challenge, cookie } = await signInOptions();
    const response = await signIn(answer(authenticator, challenge), cookie);
    expect(response.json()).toMatchObject({ id: unverified.user.id, verified: false });
  });

  it('a suspended member is refused as with the password', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const { authenticator } = await addPasskey(owner);
    await ctx.database.db
      .update(users)
      .set({ suspendedAt: new Date(clock) })
      .where(eq(users.id, owner.user.id));
    const { challenge, cookie } = await signInOptions();
    const refused = await signIn(answer(authenticator, challenge), cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    expect(refused.cookies.find((c) => c.name === 'um_session')).toBeUndefined();
    // The refused attempt does not count as the passkey's last use.
    const [stored] = await ctx.database.db
      .select({ lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, owner.user.id));
    expect(stored?.lastUsedAt).toBeNull();
  });

  it('a replayed answer, or an old counter, is refused', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const { authenticator } = await addPasskey(owner);
    const { challenge, cookie } = await signInOptions();
    const response = answer(authenticator, challenge);
    expect((await signIn(response, cookie)).statusCode).toBe(200);
    const replay = await signIn(response, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });

    // A cloned authenticator answers a new challenge with a counter already seen.
    const fresh = await signInOptions();
    const cloned = await signIn(
      answer(authenticator, fresh.challenge, { counterStep: 0 }),
      fresh.cookie,
    );
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json()).toMatchObject({ code: 'PASSKEY_INVALID' });
  });

  it('parallel answers to one challenge: exactly one signs in', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const { authenticator } = await addPasskey(owner);
    const { challenge, cookie } = await signInOptions();
    const response = answer(authenticator, challenge);
    const results = await Promise.all([1, 2, 3, 4].map(() => signIn(response, cookie)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
  });

  it('a challenge works only in the browser that asked for it, and only for five minutes', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const { authenticator } = await addPasskey(owner);
    const first = await signInOptions();
    const other = await signInOptions();
    const elsewhere = await signIn(answer(authenticator, first.challenge), other.cookie);
    expect(elsewhere.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
    const second = await signInOptions();
    const cookieless = await signIn(answer(authenticator, second.challenge));
    expect(cookieless.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });

    const late = await signInOptions();
    clock += 5 * 60_000 + 1_000;
    try {
      const expired = await signIn(answer(authenticator, late.challenge), late.cookie);
      expect(expired.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
    } finally {
      clock -= 5 * 60_000 + 1_000;
    }
    // A registration challenge does not sign anyone in.
    const { challenge } = (await registrationOptions(owner)).json<{ challenge: string }>();
    const crossed = await signIn(answer(authenticator, challenge), first.cookie);
    expect(crossed.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
  });

  it("A's passkey never signs in B: another user handle is refused", async () => {
    const a = await createAccount(ctx, { verified: true });
    const b = await createAccount(ctx, { verified: true });
    const { authenticator } = await addPasskey(a);
    const { challenge, cookie } = await signInOptions();
    const asB = await signIn(
      answer(authenticator, challenge, { userHandle: userHandleFor(b.user.id) }),
      cookie,
    );
    expect(asB.statusCode).toBe(400);
    expect(asB.json()).toMatchObject({ code: 'PASSKEY_INVALID' });
  });

  it('a forged signature, an unknown credential or a deleted account is refused', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const { authenticator } = await addPasskey(owner);
    const impostor = { ...createAuthenticator(), credentialId: authenticator.credentialId };
    let { challenge, cookie } = await signInOptions();
    const forged = await signIn(answer(impostor, challenge, { counterStep: 50 }), cookie);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      code: 'PASSKEY_INVALID',
      error: 'No se pudo comprobar la llave de acceso. Inténtalo de nuevo.',
    });

    ({ challenge, cookie } = await signInOptions());
    const unknown = await signIn(answer(createAuthenticator(), challenge), cookie);
    expect(unknown.json()).toMatchObject({ code: 'PASSKEY_NOT_RECOGNIZED' });

    const admin = await createAccount(ctx, { verified: true, admin: true });
    const deleted = await callAs(ctx, 'DELETE', `/api/users/${owner.user.id}`, admin.token);
    expect(deleted.statusCode).toBe(204);
    ({ challenge, cookie } = await signInOptions());
    const afterDeletion = await signIn(answer(authenticator, challenge), cookie);
    expect(afterDeletion.statusCode).toBe(400);
    expect(afterDeletion.json()).toMatchObject({ code: 'PASSKEY_NOT_RECOGNIZED' });
  });

  it('a malformed body is a 400, never a 500', async () => {
    for (const response of [null, {}, { id: 'x', rawId: 'x', type: 'public-key', response: {} }]) {
      const answered = await signIn(response);
      expect(answered.statusCode).toBe(400);
    }
    const { cookie } = await signInOptions();
    const garbage = await signIn(
      {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
      },
      cookie,
    );
    expect(garbage.statusCode).toBe(400);
  });
});
