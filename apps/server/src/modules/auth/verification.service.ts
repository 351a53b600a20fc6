import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth';
import { VERIFICATION_TOKEN_TTL_HOURS } from '@unimercado/shared/constants';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/env';
import { grantConfiguredAdmins } from '../../db/seed';
import { emailVerificationTokens, users } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/deps';
import {
  classifyVerificationToken,
  generateVerificationToken,
  hashVerificationToken,
  verificationExpiry,
} from '../../lib/verification-token';
import type { MailMessage } from '../../plugins/mail';

/**
 * Issues a fresh link for `email` (inside the caller's transaction when given one); any unused
 * older link of the user stops working. Locking the user row serialises concurrent resends, so
 * exactly one link stays usable.
 */
export const issueVerificationToken = async (
  tx: Tx,
  { userId, email, now }: { userId: number; email: string; now: Date },
) => {
  const token = generateVerificationToken();
  await inTransaction(tx, async (savepoint) => {
    await savepoint.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await savepoint
      .delete(emailVerificationTokens)
      .where(
        and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)),
      );
    await savepoint.insert(emailVerificationTokens).values({
      userId,
      email,
      tokenHash: hashVerificationToken(token),
      expiresAt: verificationExpiry(now, VERIFICATION_TOKEN_TTL_HOURS),
    });
  });
  return token;
};

export const verificationLink = (config: AppConfig, token: string) =>
  `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The Spanish verification email: plain text plus a simple HTML version. */
export const buildVerificationEmail = (
  config: AppConfig,
  { to, name, token }: { to: string; name: string; token: string },
): MailMessage => {
  const link = verificationLink(config, token);
  const app = config.appName;
  const text = [
    `Hola ${name}:`,
    '',
    `Gracias por registrarte en ${app}. Para verificar tu email abre este enlace:`,
    '',
    link,
    '',
    `El enlace vence en ${VERIFICATION_TOKEN_TTL_HOURS} horas y solo se puede usar una vez.`,
    'Si no creaste esta cuenta, ignora este mensaje.',
    '',
    `— El equipo de ${app}`,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Roboto,Arial,sans-serif;color:#1f1f1f">
<h1 style="color:#6200ea;font-family:Poppins,Arial,sans-serif">${escapeHtml(app)}</h1>
<p>Hola ${escapeHtml(name)}:</p>
<p>Gracias por registrarte en ${escapeHtml(app)}. Para verificar tu email pulsa el botón:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#6200ea;color:#fff;border-radius:8px;text-decoration:none">Verificar mi email</a></p>
<p>O copia este enlace en tu navegador:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>El enlace vence en ${VERIFICATION_TOKEN_TTL_HOURS} horas y solo se puede usar una vez. Si no creaste esta cuenta, ignora este mensaje.</p>
</body></html>`;
  return { to, subject: `Verifica tu email en ${app}`, text, html };
};

const tokenError = (code: 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_USED', message: string) =>
  new AppError(400, code, message);

/** Single use, expiring, bound to one user and the address it was sent to. */
export const verifyEmailToken = async (
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>,
  rawToken: string | undefined,
) => {
  const { db } = deps;
  const now = deps.now();
  const adminEmails = deps.config.adminEmails;
  const token = rawToken?.trim();
  if (!token) throw tokenError('TOKEN_INVALID', AUTH_MESSAGES.tokenMissing);
  const verifiedEmail = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        id: emailVerificationTokens.id,
        userId: emailVerificationTokens.userId,
        email: emailVerificationTokens.email,
        expiresAt: emailVerificationTokens.expiresAt,
        usedAt: emailVerificationTokens.usedAt,
        userEmail: users.email,
        deletedAt: users.deletedAt,
      })
      .from(emailVerificationTokens)
      .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
      .where(eq(emailVerificationTokens.tokenHash, hashVerificationToken(token)))
      .for('update', { of: emailVerificationTokens });
    if (!row || row.deletedAt || row.email !== row.userEmail) {
      throw tokenError('TOKEN_INVALID', AUTH_MESSAGES.tokenInvalid);
    }
    const state = classifyVerificationToken(row, now);
    if (state === 'used') throw tokenError('TOKEN_USED', AUTH_MESSAGES.tokenUsed);
    if (state === 'expired') throw tokenError('TOKEN_EXPIRED', AUTH_MESSAGES.tokenExpired);
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(eq(emailVerificationTokens.id, row.id));
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
      .where(eq(users.id, row.userId));
    return row.userEmail;
  });
  // A listed admin address proved its owner: grant ROLE_ADMIN now (start-up would do it anyway).
  if (adminEmails.includes(verifiedEmail)) await grantConfiguredAdmins(db, [verifiedEmail]);
  return { message: AUTH_MESSAGES.verified };
};

/** A deleted account's links stop existing. */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
};
