import { eq } from 'drizzle-orm';
import { revokeSessions } from '../../db/sessions';
import { users } from '../../db/schema';
import type { TxScope } from '../../db/tx';

type Publisher = Parameters<typeof revokeSessions>[1];

/**
 * Suspends a member until `until` (null: permanently) and ends every session they have
 * (decision 071). The users module owns the `users` table, so moderation asks for this here
 * rather than writing the suspension columns itself (decision 080). A file of its own: the users
 * service asks the safety module to remove a deleted member's reports, so the safety module
 * cannot import that service without an import circle.
 */
export const suspendUser = async (
  scope: TxScope,
  bus: Publisher,
  userId: number,
  { now, until }: { now: Date; until: Date | null },
) => {
  await scope.tx
    .update(users)
    .set({ suspendedAt: now, suspendedUntil: until, updatedAt: now })
    .where(eq(users.id, userId));
  await revokeSessions(scope, bus, [userId], now);
};
