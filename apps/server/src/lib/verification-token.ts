import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe (architecture.md, data safety). */
export const generateVerificationToken = () => randomBytes(32).toString('base64url');

/** Only the hash is stored, so a database leak does not leak usable links. */
export const hashVerificationToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export const verificationExpiry = (now: Date, ttlHours: number) =>
  new Date(now.getTime() + ttlHours * 3_600_000);

export type TokenState = 'valid' | 'used' | 'expired';

/** Used beats expired: a link that already worked says so even after it would have expired. */
export const classifyVerificationToken = (
  token: { usedAt: Date | null; expiresAt: Date },
  now: Date,
): TokenState => {
  if (token.usedAt) return 'used';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
};

/** A registered address may use a university domain or any of its subdomains. */
export const isEmailDomainAllowed = (email: string, allowedDomains: string[]) => {
  if (allowedDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return allowedDomains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
};
