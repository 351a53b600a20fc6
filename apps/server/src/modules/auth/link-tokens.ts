import { and, eq, isNull } from 'drizzle-orm';
import type { emailVerificationTokens, passwordResetTokens } from '../../db/schema';
import { users } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import {
  classifyVerificationToken,
  generateVerificationToken,
  hashVerificationToken,
  type TokenState,
} from '../../lib/verification-token';

/**
 * Emailed single-use links (architecture.md, data safety): 256-bit random, stored as SHA-256,
 * expiring, bound to one user and the address they were sent to. Verification and password
 * reset links share these rules and differ only in their table and lifetime.
 */
export type LinkTokenTable = typeof emailVerificationTokens | typeof passwordResetTokens;

// Both tables have the same columns; one typed view of them keeps Drizzle's builders simple.
const asTable = (table: LinkTokenTable) => table as typeof emailVerificationTokens;

/**
 * Issues a fresh link for `email` inside the caller's transaction; any unused older link of the
 * same kind stops working. Locking the user row serialises concurrent requests, so exactly one
 * link stays usable.
 */
export const issueLinkToken = async (
  tx: Tx,
  table: LinkTokenTable,
  { userId, email, expiresAt }: { userId: number; email: string; expiresAt: Date },
) => {
  const tokens = asTable(table);
  const token = generateVerificationToken();
  await inTransaction(tx, async (savepoint) => {
    await savepoint.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await savepoint.delete(tokens).where(and(eq(tokens.userId, userId), isNull(tokens.usedAt)));
    await savepoint.insert(tokens).values({
      userId,
      email,
      tokenHash: hashVerificationToken(token),
      expiresAt,
    });
  });
  return token;
};

export type FoundLinkToken = {
  id: number;
  userId: number;
  /** The account's current address (the link's address equals it, or the link is invalid). */
  email: string;
  name: string;
  state: TokenState;
};

/**
 * The link behind `token`, with its user, both rows locked for the rest of the transaction
 * (a concurrent use, a registration replacing the account or an email change waits). Undefined
 * when it names no link, a deleted account, or an address the account no longer has.
 */
export const findLinkToken = async (
  tx: Tx,
  table: LinkTokenTable,
  token: string,
  now: Date,
): Promise<FoundLinkToken | undefined> => {
  const tokens = asTable(table);
  const tokenHash = hashVerificationToken(token);
  // Locks in the order every account change takes them, the account first and then its links
  // (a registration replacing a pending account locks it and then deletes its links): locking the
  // link first would deadlock with such a registration on PostgreSQL.
  const [owner] = await tx
    .select({ userId: tokens.userId })
    .from(tokens)
    .where(eq(tokens.tokenHash, tokenHash));
  if (!owner) return undefined;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
  const [row] = await tx
    .select({
      id: tokens.id,
      userId: tokens.userId,
      email: tokens.email,
      expiresAt: tokens.expiresAt,
      usedAt: tokens.usedAt,
      userEmail: users.email,
      name: users.name,
      deletedAt: users.deletedAt,
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(eq(tokens.tokenHash, tokenHash))
    .for('update');
  if (!row || row.deletedAt || row.email !== row.userEmail) return undefined;
  return {
    id: row.id,
    userId: row.userId,
    email: row.userEmail,
    name: row.name,
    state: classifyVerificationToken(row, now),
  };
};

export const markLinkTokenUsed = async (tx: Tx, table: LinkTokenTable, id: number, now: Date) => {
  const tokens = asTable(table);
  await tx.update(tokens).set({ usedAt: now }).where(eq(tokens.id, id));
};
