import { RECENT_SIGN_IN_MINUTES } from '@unimercado/shared/constants';
import { USER_MESSAGES } from '@unimercado/shared/schemas/users';
import { eq, sql } from 'drizzle-orm';
import { grantConfiguredAdmins } from '../../db/seed';
import { users } from '../../db/schema';
import type { TxScope } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { consumeLimit } from '../../plugins/rate-limit';
import { buildPasswordChangedEmail } from './auth-emails';
import { loginFailuresKey } from './auth.service';
import { announceSessionUsersChanged, revokeSessions } from '../../db/sessions';

type Deps = Pick<AppDeps, 'config' | 'bus' | 'mailer' | 'counters'>;

/** The address is proved (a link sent to it was used): verified now (decision 037). */
export const markEmailVerified = async (
  scope: TxScope,
  bus: Pick<AppDeps['bus'], 'publish'> | null,
  userId: number,
  now: Date,
) => {
  await scope.tx
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  announceSessionUsersChanged(scope, bus, [userId]);
};

/** Every password change ends here: the notice goes to the address the account had before. */
export const notifyPasswordChanged = (
  scope: TxScope,
  deps: Deps,
  account: { email: string; name: string },
  now: Date,
) =>
  deps.mailer.enqueue(
    scope,
    buildPasswordChangedEmail(deps.config, { to: account.email, name: account.name, at: now }),
  );

/**
 * A password chosen through a link sent to `email` (a reset, or verifying an ADMIN_EMAILS
 * address), inside the caller's transaction: the address is proved, every session ends, a
 * listed address becomes admin, and the owner gets the notice (decision 010). The caller checked
 * that `email` is the account's current address.
 */
export const setPasswordFromLink = async (
  scope: TxScope,
  deps: Deps,
  account: { userId: number; email: string; name: string; passwordHash: string },
  now: Date,
) => {
  await scope.tx
    .update(users)
    .set({ passwordHash: account.passwordHash, passwordLinkEmail: account.email, updatedAt: now })
    .where(eq(users.id, account.userId));
  await markEmailVerified(scope, deps.bus, account.userId, now);
  await revokeSessions(scope, deps.bus, [account.userId], now);
  if (deps.config.adminEmails.includes(account.email)) {
    await grantConfiguredAdmins(scope.tx, [account.email]);
  }
  await notifyPasswordChanged(scope, deps, account, now);
  // Someone failing on purpose must not keep the owner out after the owner proved the mailbox.
  scope.afterCommit(() => deps.counters.reset(loginFailuresKey(account.email)));
};

/**
 * A password or email change (or a new passkey, decision 067) proves the current password, or comes from a session that signed
 * in less than RECENT_SIGN_IN_MINUTES ago: a stolen old token is not enough to take the account
 * over (decision 010). Wrong current passwords count as failed logins of the account. Answers the
 * sign-in time the refreshed token carries.
 */
export const assertRecentlyAuthenticated = async (
  deps: Pick<AppDeps, 'db' | 'passwords' | 'counters' | 'rateLimits'>,
  actor: Actor & { authTime: number },
  current: { email: string },
  currentPassword: string | null,
  now: Date,
): Promise<number> => {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (currentPassword === null) {
    if (nowSeconds - actor.authTime > RECENT_SIGN_IN_MINUTES * 60) {
      throw new AppError(403, 'REAUTHENTICATION_REQUIRED', USER_MESSAGES.reauthenticationRequired);
    }
    return actor.authTime;
  }
  const key = loginFailuresKey(current.email);
  await consumeLimit(deps.counters, key, deps.rateLimits.loginFailuresPerAccount);
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!(await deps.passwords.verify(row?.passwordHash, currentPassword))) {
    throw new AppError(403, 'CURRENT_PASSWORD_INVALID', USER_MESSAGES.currentPasswordInvalid);
  }
  await deps.counters.reset(key);
  return nowSeconds;
};
