import { eq, sql } from 'drizzle-orm';
import { grantConfiguredAdmins } from '../../db/seed';
import { users } from '../../db/schema';
import type { TxScope } from '../../db/tx';
import type { AppDeps } from '../../lib/deps';
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
