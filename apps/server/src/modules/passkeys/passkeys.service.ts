import { createHash, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoUint8Array } from '@simplewebauthn/server/helpers';
import type { LoginResponse } from '@unimercado/shared/schemas/auth';
import {
  defaultPasskeyName,
  MAX_PASSKEYS_PER_MEMBER,
  PASSKEY_MESSAGES,
  type AddPasskeyBody,
  type Passkey,
} from '@unimercado/shared/schemas/passkeys';
import { and, asc, count, eq, isNull, lt } from 'drizzle-orm';
import { passkeyChallenges, passkeys, users } from '../../db/schema';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/pg-errors';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { assertNotSuspended, issueSession } from '../auth/auth.service';
import { assertRecentlyAuthenticated } from '../auth/credentials';
import { buildPasskeyAddedEmail } from './passkey-emails';

type Deps = Pick<
  AppDeps,
  'db' | 'config' | 'passwords' | 'tokens' | 'counters' | 'rateLimits' | 'mailer' | 'now'
>;

/** How long a challenge may be answered (WebAuthn's `timeout` says the same to the browser). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

type Purpose = 'register' | 'authenticate';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The WebAuthn user handle of a member: their id, which names nobody outside the app. A sign-in
 * whose authenticator answers another handle than the credential's owner is refused.
 */
const userHandleOf = (userId: number) => isoUint8Array.fromUTF8String(`um:${userId}`);
const userHandleText = (userId: number) => Buffer.from(userHandleOf(userId)).toString('base64url');

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

const challengeInvalid = () =>
  new AppError(400, 'PASSKEY_CHALLENGE_INVALID', PASSKEY_MESSAGES.challengeInvalid);
const verificationFailed = () =>
  new AppError(400, 'PASSKEY_INVALID', PASSKEY_MESSAGES.verificationFailed);

/** Stores a challenge (expired ones of anyone are swept on the way: the table stays small). */
const storeChallenge = async (
  deps: Pick<Deps, 'db' | 'now'>,
  row: { challenge: string; purpose: Purpose; userId?: number; browserKey?: string },
) => {
  const now = deps.now();
  await deps.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await deps.db
    .insert(passkeyChallenges)
    .values({ ...row, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
};

/**
 * Takes a challenge out (single use: of parallel answers only one gets the row) and says whether
 * it was handed out for this purpose and binding and is still fresh.
 */
const consumeChallenge = async (
  deps: Pick<Deps, 'db' | 'now'>,
  challenge: string,
  purpose: Purpose,
  binding: { userId: number } | { browserKey: string | undefined },
) => {
  const [row] = await deps.db
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.challenge, challenge))
    .returning();
  if (!row || row.purpose !== purpose || row.expiresAt <= deps.now()) return false;
  if ('userId' in binding) return row.userId === binding.userId;
  return binding.browserKey !== undefined && row.browserKey === sha256(binding.browserKey);
};

/** The member's passkeys, oldest first (at most MAX_PASSKEYS_PER_MEMBER). */
export const listPasskeys = async (deps: Pick<Deps, 'db'>, actor: Actor): Promise<Passkey[]> => {
  const rows = await deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    .limit(MAX_PASSKEYS_PER_MEMBER);
  return rows.map(toPasskey);
};

const countPasskeys = async (db: Deps['db'] | Tx, userId: number) => {
  const [row] = await db
    .select({ total: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return row?.total ?? 0;
};

const assertRoomForAnother = async (db: Deps['db'] | Tx, userId: number) => {
  if ((await countPasskeys(db, userId)) >= MAX_PASSKEYS_PER_MEMBER) {
    throw new AppError(409, 'PASSKEY_LIMIT', PASSKEY_MESSAGES.limitReached);
  }
};

/**
 * Options for `startRegistration`. Adding a way to sign in is as sensitive as changing the
 * password (a stolen token must not leave a passkey behind): it needs a sign-in less than 10
 * minutes old or the current password (decision 010).
 */
export const startPasskeyRegistration = async (
  deps: Deps,
  actor: Actor & { authTime: number; email: string; name: string },
  currentPassword: string | null,
) => {
  await assertRecentlyAuthenticated(deps, actor, actor, currentPassword, deps.now());
  await assertRoomForAnother(deps.db, actor.id);
  const existing = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id));
  const options = await generateRegistrationOptions({
    rpName: deps.config.appName,
    rpID: deps.config.passkeys.rpId,
    userName: actor.email,
    userDisplayName: actor.name,
    userID: userHandleOf(actor.id),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(deps, {
    challenge: options.challenge,
    purpose: 'register',
    userId: actor.id,
  });
  return { ...options };
};

/** Checks the browser's answer to the member's own challenge and keeps the new passkey. */
export const finishPasskeyRegistration = async (
  deps: Deps,
  actor: Actor & { email: string; name: string },
  body: AddPasskeyBody,
  userAgent: string | undefined,
): Promise<Passkey> => {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: (challenge) =>
        consumeChallenge(deps, challenge, 'register', { userId: actor.id }),
      expectedOrigin: deps.config.passkeys.origins,
      expectedRPID: deps.config.passkeys.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    throw describeFailure(error);
  }
  if (!verification.verified) throw verificationFailed();
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const name = body.name?.trim() || defaultPasskeyName(userAgent);
  try {
    return await inTransaction(deps.db, async (tx, afterCommit) => {
      // Serialises one member's additions, so parallel ones cannot pass the limit together.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
      await assertRoomForAnother(tx, actor.id);
      const [row] = await tx
        .insert(passkeys)
        .values({
          userId: actor.id,
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
          backedUp: credentialBackedUp,
        })
        .returning();
      await deps.mailer.enqueue(
        { tx, afterCommit },
        buildPasskeyAddedEmail(deps.config, {
          to: actor.email,
          name: actor.name,
          passkeyName: name,
          at: deps.now(),
        }),
      );
      return toPasskey(row!);
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new AppError(409, 'CONFLICT', PASSKEY_MESSAGES.alreadyRegistered);
    }
    throw error;
  }
};

/** The challenge failed (unknown, used, expired, another's) or the answer did not verify. */
const describeFailure = (error: unknown) => {
  if (error instanceof AppError) return error;
  if (error instanceof Error && error.message.startsWith('Custom challenge verifier')) {
    return challengeInvalid();
  }
  return verificationFailed();
};

/** Owner only; another member's passkey, or one that does not exist, is the same 404. */
export const deletePasskey = async (deps: Pick<Deps, 'db'>, actor: Actor, id: number) => {
  const deleted = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning({ id: passkeys.id });
  if (deleted.length === 0) throw new AppError(404, 'NOT_FOUND', PASSKEY_MESSAGES.notFound);
};

/** Removed with their account (users.service's deletion). */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
};

/**
 * Options for `startAuthentication` (no credential list: the browser offers the passkeys it has
 * for this site). The challenge is bound to the asking browser by `browserKey`, a random value
 * the route keeps in a short-lived HttpOnly cookie.
 */
export const startPasskeySignIn = async (deps: Pick<Deps, 'db' | 'config' | 'now'>) => {
  const browserKey = randomBytes(32).toString('base64url');
  const options = await generateAuthenticationOptions({
    rpID: deps.config.passkeys.rpId,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
  });
  await storeChallenge(deps, {
    challenge: options.challenge,
    purpose: 'authenticate',
    browserKey: sha256(browserKey),
  });
  return { options: { ...options }, browserKey };
};

/**
 * A sign-in with a passkey: the credential must belong to an account that is not deleted, its
 * signature must verify against this browser's unused challenge, and its counter must have grown
 * (a cloned authenticator shows an old counter). Rules as for the password otherwise: an
 * unverified account signs in too. The session is a fresh sign-in (`auth_time` now).
 */
export const signInWithPasskey = async (
  deps: Deps,
  response: AuthenticationResponseJSON,
  browserKey: string | undefined,
): Promise<LoginResponse> => {
  const [stored] = await deps.db
    .select({ passkey: passkeys })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), isNull(users.deletedAt)));
  if (!stored) {
    throw new AppError(400, 'PASSKEY_NOT_RECOGNIZED', PASSKEY_MESSAGES.notRecognized);
  }
  const { passkey } = stored;
  // A credential answers for the member it was made for, whatever handle the answer claims.
  if (
    response.response.userHandle !== undefined &&
    response.response.userHandle !== userHandleText(passkey.userId)
  ) {
    throw verificationFailed();
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) =>
        consumeChallenge(deps, challenge, 'authenticate', { browserKey }),
      expectedOrigin: deps.config.passkeys.origins,
      expectedRPID: deps.config.passkeys.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    throw describeFailure(error);
  }
  if (!verification.verified) throw verificationFailed();
  // Refused before the passkey is marked as used: a suspended member's attempt is no use.
  await assertNotSuspended(deps, passkey.userId);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // Only from the counter that was checked: of two answers racing with one counter, one wins.
  const updated = await deps.db
    .update(passkeys)
    .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: deps.now() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  if (updated.length === 0 && newCounter > 0) throw verificationFailed();
  return issueSession(deps, passkey.userId);
};
