import { inArray, sql } from 'drizzle-orm';
import { users } from './schema';
import type { TxScope } from './tx';

/** What publishes on the bus (plugins/bus.ts). */
type Publisher = { publish: (topic: string, payload: unknown) => Promise<void> };

/** Announced on the bus after a user's tokens were revoked: `{ userIds: number[] }`. */
export const SESSIONS_REVOKED_TOPIC = 'sessions.revoked';
export type SessionsRevokedEvent = { userIds: number[] };

/**
 * Announced on the bus after what a session shows of its user changed without ending it (the
 * address verified, name or address edited): same payload. Session caches forget those users.
 */
export const SESSION_USERS_CHANGED_TOPIC = 'sessions.users-changed';

export const isSessionsRevokedEvent = (value: unknown): value is SessionsRevokedEvent =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as SessionsRevokedEvent).userIds) &&
  (value as SessionsRevokedEvent).userIds.every((id) => Number.isSafeInteger(id));

/** Once committed, tells every instance that what sessions show of these users changed. */
export const announceSessionUsersChanged = (
  { afterCommit }: Pick<TxScope, 'afterCommit'>,
  bus: Publisher | null,
  userIds: readonly number[],
) => {
  if (!bus || userIds.length === 0) return;
  const event: SessionsRevokedEvent = { userIds: [...userIds] };
  afterCommit(() => bus.publish(SESSION_USERS_CHANGED_TOPIC, event));
};

/**
 * The one way to make every existing token of some users stop working (deletion, role change,
 * password change or reset): bump their token version and, once committed, tell every instance
 * (session caches, open WebSockets). `bus` is null only where no instance can be listening on
 * this process (start-up seeding, the CLI without REDIS_URL).
 */
export const revokeSessions = async (
  { tx, afterCommit }: TxScope,
  bus: Publisher | null,
  userIds: readonly number[],
  now: Date,
) => {
  if (userIds.length === 0) return;
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(inArray(users.id, [...userIds]));
  if (bus) {
    const event: SessionsRevokedEvent = { userIds: [...userIds] };
    afterCommit(() => bus.publish(SESSIONS_REVOKED_TOPIC, event));
  }
};
