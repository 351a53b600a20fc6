import { AUTH_MESSAGES, type LoginResponse } from '@unimercado/shared/schemas/auth';
import { EMAIL_PATTERN } from '@unimercado/shared/schemas/users';
import { campusDateFormat } from '@unimercado/shared/format';
import { SAFETY_MESSAGES } from '@unimercado/shared/schemas/safety';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/deps';
import { loadSessionUser } from '../../plugins/auth';
import { consumeLimit } from '../../plugins/rate-limit';
import { enqueueVerificationEmail, VERIFICATION_MAIL } from './verification.service';

type Deps = Pick<
  AppDeps,
  'db' | 'config' | 'passwords' | 'tokens' | 'counters' | 'rateLimits' | 'mailer' | 'now'
>;

/** Failed password checks of one account (login, or the current password in a profile edit). */
export const loginFailuresKey = (email: string) => `login-fail:${email}`;
/** Verification emails to one address (resend, request, and registrations replacing others). */
export const verificationEmailsKey = (email: string) => `verify-mail:${email}`;

/**
 * Wrong password, unknown email and a deleted account all answer the same 400
 * INVALID_CREDENTIALS, in the same time (a dummy hash is verified when there is no user). Not
 * 401: the spec's clients read every 401 as "session over" and reload the login page, so the
 * person would never see the message; 401 stays for a missing or invalid session, as OAuth 2.0's
 * token endpoint answers a wrong password with 400 invalid_grant (decision 038).
 */
export const login = async (
  deps: Deps,
  { email, password }: { email: string; password: string },
): Promise<LoginResponse> => {
  const key = loginFailuresKey(email);
  // Count the attempt before checking the password (a success resets it): checking first and
  // counting after would let a burst of parallel guesses all pass the check.
  await consumeLimit(deps.counters, key, deps.rateLimits.loginFailuresPerAccount);
  const [row] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
  const matches = await deps.passwords.verify(row?.passwordHash, password);
  if (!row || !matches) {
    throw new AppError(400, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }
  await deps.counters.reset(key);
  return issueSession(deps, row.id);
};

/** 403 ACCOUNT_SUSPENDED while an admin's suspension of the member lasts. */
export const assertNotSuspended = async (
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  userId: number,
) => {
  const [row] = await deps.db
    .select({ at: users.suspendedAt, until: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.at) return;
  if (row.until === null) {
    throw new AppError(403, 'ACCOUNT_SUSPENDED', SAFETY_MESSAGES.suspendedPermanently);
  }
  if (row.until > deps.now()) {
    const until = campusDateFormat(deps.config.campusTimeZone).formatDateTime(row.until);
    throw new AppError(403, 'ACCOUNT_SUSPENDED', SAFETY_MESSAGES.suspendedUntil(until), {
      details: { until: row.until.toISOString() },
    });
  }
};

/**
 * Signs a token for the user's current state (roles, token version), read in one query.
 * `authTime` (seconds) carries over an earlier sign-in: a refreshed token is not a new sign-in.
 */
export const issueSession = async (
  deps: Pick<Deps, 'db' | 'tokens' | 'now' | 'config'>,
  userId: number,
  authTime?: number,
) => {
  // Every way to get a token (password, passkey, refresh) passes here: a suspended member gets
  // none (decision 071).
  await assertNotSuspended(deps, userId);
  const session = await loadSessionUser(deps.db, userId);
  if (!session) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
  const { user, tokenVersion } = session;
  const { token, issuedAt, expiresAt } = await deps.tokens.sign(
    { ...user, tokenVersion },
    deps.now(),
    authTime,
  );
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roles: user.roles,
    token,
    verified: user.verified,
    creationDate: issuedAt.toISOString(),
    expirationDate: expiresAt.toISOString(),
  };
};

/**
 * Always the same answer, after the same work, whether the address is unknown, verified or
 * waiting: the request goes to the outbox and the mail worker decides later whether to write
 * (decision 011), so neither the answer nor its timing can be used to discover accounts. Counted
 * per address to stop mail bombing.
 */
export const resendVerification = async (deps: Deps, rawEmail: string | undefined) => {
  const email = rawEmail?.trim().toLowerCase() ?? '';
  if (!email) throw new AppError(400, 'VALIDATION_ERROR', AUTH_MESSAGES.resendEmailRequired);
  await consumeLimit(
    deps.counters,
    verificationEmailsKey(email),
    deps.rateLimits.verificationEmailsPerAccount,
  );
  if (EMAIL_PATTERN.test(email)) {
    await inTransaction(deps.db, (tx, afterCommit) =>
      deps.mailer.enqueueComposed({ tx, afterCommit }, { kind: VERIFICATION_MAIL, to: email }),
    );
  }
  return { message: AUTH_MESSAGES.resendSuccess };
};

/** Signed in: send a new link to the account's own address. */
export const requestVerification = async (
  deps: Deps,
  user: { id: number; email: string; name: string; verified: boolean },
) => {
  if (user.verified) throw new AppError(409, 'ALREADY_VERIFIED', AUTH_MESSAGES.alreadyVerified);
  await consumeLimit(
    deps.counters,
    verificationEmailsKey(user.email),
    deps.rateLimits.verificationEmailsPerAccount,
  );
  await inTransaction(deps.db, (tx, afterCommit) =>
    enqueueVerificationEmail({ tx, afterCommit }, deps, user, deps.now()),
  );
  return { message: AUTH_MESSAGES.requestSuccess };
};
