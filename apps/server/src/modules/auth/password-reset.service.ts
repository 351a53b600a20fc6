import { PASSWORD_RESET_TOKEN_TTL_MINUTES } from '@unimercado/shared/constants';
import { AUTH_MESSAGES, type ResetPasswordBody } from '@unimercado/shared/schemas/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';
import { inTransaction } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/deps';
import type { MailComposer } from '../../plugins/mail';
import { consumeLimit } from '../../plugins/rate-limit';
import { setPasswordFromLink } from './credentials';
import { buildPasswordResetEmail } from './auth-emails';
import { findLinkToken, issueLinkToken, markLinkTokenUsed } from './link-tokens';

/** The outbox kind of a reset request (composed by the mail worker, decision 011). */
export const PASSWORD_RESET_MAIL = 'password-reset';

const resetEmailsKey = (email: string) => `reset-mail:${email}`;

/**
 * `POST /api/auth/forgot-password`. The same answer, after the same work, whether or not the
 * address has an account: the request is written to the outbox and the mail worker decides
 * later, in its own transaction, whether there is anyone to write to. Counted per address.
 */
export const requestPasswordReset = async (
  deps: Pick<AppDeps, 'db' | 'counters' | 'rateLimits' | 'mailer'>,
  email: string,
) => {
  await consumeLimit(
    deps.counters,
    resetEmailsKey(email),
    deps.rateLimits.passwordResetEmailsPerAccount,
  );
  await inTransaction(deps.db, (tx, afterCommit) =>
    deps.mailer.enqueueComposed({ tx, afterCommit }, { kind: PASSWORD_RESET_MAIL, to: email }),
  );
  return { message: AUTH_MESSAGES.forgotSuccess };
};

/** Reset requests: a link for the active account with that address, else nothing. */
export const composePasswordResetEmail =
  (deps: Pick<AppDeps, 'config' | 'now'>): MailComposer =>
  async (tx, { to }) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${to}`, isNull(users.deletedAt)));
    if (!user) return null;
    const now = deps.now();
    const token = await issueLinkToken(tx, passwordResetTokens, {
      userId: user.id,
      email: user.email,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    return buildPasswordResetEmail(deps.config, { to: user.email, name: user.name, token });
  };

const resetTokenError = (code: 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_USED') =>
  new AppError(
    400,
    code,
    code === 'TOKEN_USED'
      ? AUTH_MESSAGES.tokenUsed
      : code === 'TOKEN_EXPIRED'
        ? AUTH_MESSAGES.resetTokenExpired
        : AUTH_MESSAGES.resetTokenInvalid,
  );

/** `GET /api/auth/reset-password?token=`: the page says at once whether the link still works. */
export const checkPasswordResetToken = (deps: Pick<AppDeps, 'db' | 'now'>, token: string) =>
  inTransaction(deps.db, async (tx) => {
    const link = await findLinkToken(tx, passwordResetTokens, token, deps.now());
    if (!link) throw resetTokenError('TOKEN_INVALID');
    if (link.state === 'used') throw resetTokenError('TOKEN_USED');
    if (link.state === 'expired') throw resetTokenError('TOKEN_EXPIRED');
    return { email: link.email };
  });

/**
 * `POST /api/auth/reset-password`: single use; in one transaction the password changes, the
 * address counts as verified (the link proved the mailbox), every token of the account is revoked,
 * a listed ADMIN_EMAILS address becomes admin and the notice email is queued.
 */
export const resetPassword = async (
  deps: Pick<AppDeps, 'db' | 'now' | 'config' | 'passwords' | 'bus' | 'mailer' | 'counters'>,
  { token, password }: Pick<ResetPasswordBody, 'token' | 'password'>,
) => {
  const passwordHash = await deps.passwords.hash(password);
  const now = deps.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    const link = await findLinkToken(tx, passwordResetTokens, token, now);
    if (!link) throw resetTokenError('TOKEN_INVALID');
    if (link.state === 'used') throw resetTokenError('TOKEN_USED');
    if (link.state === 'expired') throw resetTokenError('TOKEN_EXPIRED');
    await markLinkTokenUsed(tx, passwordResetTokens, link.id, now);
    await setPasswordFromLink(
      { tx, afterCommit },
      deps,
      { userId: link.userId, email: link.email, name: link.name, passwordHash },
      now,
    );
    // Any other unused reset link of the account dies with this one.
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, link.userId), isNull(passwordResetTokens.usedAt)));
  });
  return { message: AUTH_MESSAGES.resetSuccess };
};
