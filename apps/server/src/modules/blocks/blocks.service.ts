import {
  SAFETY_MESSAGES,
  type BlockedUser,
  type BlockState,
} from '@unimercado/shared/schemas/safety';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION } from '../../db/pg-errors';
import { blocks, users } from '../../db/schema';
import type { Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';

/**
 * Blocks between members (issue 20, decision 071). The chat and offer rules ask
 * `assertNotBlocked`; product lists ask `hasBlockedAnyone`.
 */
type BlocksDeps = Pick<AppDeps, 'db' | 'now'>;

const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);

/** Whether either member blocked the other: then neither can message or offer the other. */
export const isBlockedBetween = async (db: Database | Tx, a: number, b: number) => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
};

/** 403 when either member blocked the other. */
export const assertNotBlocked = async (db: Database | Tx, a: number, b: number) => {
  if (await isBlockedBetween(db, a, b))
    throw new AppError(403, 'FORBIDDEN', SAFETY_MESSAGES.blocked);
};

/** Whether the member blocked anyone (their product lists are then filtered for them). */
export const hasBlockedAnyone = async (db: Database | Tx, userId: number) => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(eq(blocks.blockerId, userId))
    .limit(1);
  return Boolean(row);
};

/** `POST /api/blocks`: the caller blocks a member (again is fine: the same answer). */
export const blockUser = async (
  deps: BlocksDeps,
  actor: Actor,
  blockedId: number,
): Promise<BlockedUser> => {
  if (blockedId === actor.id) throw new AppError(403, 'SELF_ACTION', SAFETY_MESSAGES.blockSelf);
  const [target] = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, blockedId), isNull(users.deletedAt)));
  if (!target) throw notFound(SAFETY_MESSAGES.userNotFound);
  try {
    await deps.db
      .insert(blocks)
      .values({ blockerId: actor.id, blockedId, createdAt: deps.now() })
      .onConflictDoNothing();
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      throw notFound(SAFETY_MESSAGES.userNotFound);
    }
    throw error;
  }
  const [row] = await deps.db
    .select({ createdAt: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, blockedId)));
  return {
    userId: target.id,
    name: target.name,
    createdAt: (row?.createdAt ?? deps.now()).toISOString(),
  };
};

/** `DELETE /api/blocks/:userId`: the caller unblocks a member they blocked (404 otherwise). */
export const unblockUser = async (
  deps: Pick<BlocksDeps, 'db'>,
  actor: Actor,
  blockedId: number,
) => {
  const removed = await deps.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  if (removed.length === 0) throw notFound(SAFETY_MESSAGES.notBlocked);
};

/**
 * `GET /api/blocks/:userId`: whether the caller blocked this member and whether their
 * conversation is closed by a block either way (decision 081). An unknown or removed member is a
 * 404; oneself is neither blocked nor closed.
 */
export const findBlockState = async (
  deps: Pick<BlocksDeps, 'db'>,
  actor: Actor,
  userId: number,
): Promise<BlockState> => {
  const [target] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!target) throw notFound(SAFETY_MESSAGES.userNotFound);
  const rows = await deps.db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, userId)),
        and(eq(blocks.blockerId, userId), eq(blocks.blockedId, actor.id)),
      ),
    );
  return {
    userId,
    isBlockedByMe: rows.some((row) => row.blockerId === actor.id),
    isClosed: rows.length > 0,
  };
};

/** `GET /api/blocks`: the members the caller blocked, newest first. */
export const listBlockedUsers = async (
  deps: Pick<BlocksDeps, 'db'>,
  actor: Actor,
): Promise<BlockedUser[]> => {
  const rows = await deps.db
    .select({ userId: blocks.blockedId, name: users.name, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, actor.id))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
};

/** A removed account's blocks, both ways, go with it. */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
};
