import { VERIFICATION_TOKEN_TTL_HOURS } from '@unimercado/shared/constants';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth';
import type { PasswordChoice } from '@unimercado/shared/schemas/users';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailVerificationTokens, passwordResetTokens, users } from '../../db/schema';
import { inTransaction, type Tx, type TxScope } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/deps';
import { verificationExpiry } from '../../lib/verification-token';
import type { MailComposer } from '../../plugins/mail';
import { markEmailVerified, setPasswordFromLink } from './credentials';
import { buildVerificationEmail } from './auth-emails';
import { findLinkToken, issueLinkToken, markLinkTokenUsed } from './link-tokens';

/** The outbox kind of a resend: composed by the worker, so the request's time tells nothing. */
export const VERIFICATION_MAIL = 'verification';

/** A fresh verification link for `email` in the caller's transaction (older ones stop working). */
export const issueVerificationToken = (
  tx: Tx,
  { userId, email, now }: { userId: number; email: string; now: Date },
) =>
  issueLinkToken(tx, emailVerificationTokens, {
    userId,
    email,
    expiresAt: verificationExpiry(now, VERIFICATION_TOKEN_TTL_HOURS),
  });

/** Issues a link and writes its email to the outbox, both in the caller's transaction. */
export const enqueueVerificationEmail = async (
  scope: TxScope,
  deps: Pick<AppDeps, 'config' | 'mailer'>,
  user: { id: number; email: string; name: string },
  now: Date,
) => {
  const token = await issueVerificationToken(scope.tx, { userId: user.id, email: user.email, now });
  await deps.mailer.enqueue(
    scope,
    buildVerificationEmail(deps.config, { to: user.email, name: user.name, token }),
  );
};

/** Resend requests: a link for an unverified account with that address, else nothing. */
export const composeVerificationEmail =
  (deps: Pick<AppDeps, 'config' | 'now'>): MailComposer =>
  async (tx, { to }) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${to}`,
          isNull(users.deletedAt),
          isNull(users.emailVerifiedAt),
        ),
      );
    if (!user) return null;
    const token = await issueVerificationToken(tx, {
      userId: user.id,
      email: user.email,
      now: deps.now(),
    });
    return buildVerificationEmail(deps.config, { to: user.email, name: user.name, token });
  };

const tokenError = (code: 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_USED', message: string) =>
  new AppError(400, code, message);

/**
 * Single use, expiring, bound to one user and the address it was sent to. For an ADMIN_EMAILS
 * address the link also chooses the password (400 PASSWORD_REQUIRED without one, the link stays
 * unused): the first click of the mailbox's owner both verifies and secures the account, and a
 * password someone else chose at registration stops working (decision 010). A password given
 * for any other address is applied the same way (the link proves the mailbox).
 */
export const verifyEmailToken = async (
  deps: Pick<AppDeps, 'db' | 'now' | 'config' | 'passwords' | 'bus' | 'mailer' | 'counters'>,
  rawToken: string | undefined,
  choice: PasswordChoice | null | undefined,
) => {
  const token = rawToken?.trim();
  if (!token) throw tokenError('TOKEN_INVALID', AUTH_MESSAGES.tokenMissing);
  // Hashed before the transaction: argon2id takes a while and must not hold the row locks.
  const passwordHash = choice ? await deps.passwords.hash(choice.password) : undefined;
  const now = deps.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const link = await findLinkToken(tx, emailVerificationTokens, token, now);
    if (!link) throw tokenError('TOKEN_INVALID', AUTH_MESSAGES.tokenInvalid);
    if (link.state === 'used') throw tokenError('TOKEN_USED', AUTH_MESSAGES.tokenUsed);
    if (link.state === 'expired') throw tokenError('TOKEN_EXPIRED', AUTH_MESSAGES.tokenExpired);
    if (!passwordHash && deps.config.adminEmails.includes(link.email)) {
      throw new AppError(400, 'PASSWORD_REQUIRED', AUTH_MESSAGES.passwordRequired, {
        details: { email: link.email },
      });
    }
    const scope = { tx, afterCommit };
    await markLinkTokenUsed(tx, emailVerificationTokens, link.id, now);
    if (!passwordHash) {
      await markEmailVerified(scope, deps.bus, link.userId, now);
      return { message: AUTH_MESSAGES.verified };
    }
    await setPasswordFromLink(
      scope,
      deps,
      { userId: link.userId, email: link.email, name: link.name, passwordHash },
      now,
    );
    // The link proved the mailbox: a pending reset link of the account has nothing left to do.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, link.userId));
    return { message: AUTH_MESSAGES.verifiedWithPassword };
  });
};

/** A deleted or replaced account's links stop existing. */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
};
