import {
  SAFETY_MESSAGES,
  type BlockedUser,
  type CreateReportBody,
  type Report,
  type ReportReason,
} from '@unimercado/shared/schemas/safety';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '../../db/pg-errors';
import { blocks, chatMessages, products, reports, users } from '../../db/schema';
import type { Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertVerified, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { consumeLimit } from '../../plugins/rate-limit';

/**
 * Reports and blocks (issue 20, decision 071). The chat and offer rules ask `isBlockedBetween`;
 * product lists ask `hasBlockedAnyone`.
 */
type SafetyDeps = Pick<AppDeps, 'db' | 'now' | 'counters' | 'rateLimits'>;

const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);

type ReportRow = typeof reports.$inferSelect;
const toReportDto = (row: ReportRow): Report => ({
  id: row.id,
  targetType: row.targetType,
  targetId: row.targetId,
  reason: row.reason as ReportReason,
  details: row.details,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Who answers for a reported target, or a 404 when it does not exist (or the reporter may not
 * see it). A message can only be reported by the member who received it.
 */
const findTargetOwner = async (
  db: Database | Tx,
  actor: Actor,
  input: Pick<CreateReportBody, 'targetType' | 'targetId'>,
): Promise<number> => {
  const id = Number(input.targetId);
  if (input.targetType === 'product') {
    const [row] = await db
      .select({ ownerId: products.sellerId })
      .from(products)
      .where(eq(products.id, id));
    if (!row) throw notFound(SAFETY_MESSAGES.productNotFound);
    return row.ownerId;
  }
  if (input.targetType === 'user') {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    if (!row) throw notFound(SAFETY_MESSAGES.userNotFound);
    return row.id;
  }
  const [row] = await db
    .select({ senderId: chatMessages.senderId, receiverId: chatMessages.receiverId })
    .from(chatMessages)
    .where(eq(chatMessages.id, id));
  // Someone else's conversation is not revealed: the same 404 as an unknown id.
  if (!row || (row.receiverId !== actor.id && row.senderId !== actor.id)) {
    throw notFound(SAFETY_MESSAGES.messageNotFound);
  }
  if (row.receiverId !== actor.id) throw forbidden(SAFETY_MESSAGES.messageNotYours);
  return row.senderId;
};

/**
 * `POST /api/reports`: a verified member reports a listing, a member or a message they received.
 * Not their own; one open report per reporter and target (409, decided by the unique index so
 * two clicks at once make one); rate-limited per account.
 */
export const createReport = async (
  deps: SafetyDeps,
  actor: Actor,
  input: CreateReportBody,
): Promise<Report> => {
  assertVerified(actor);
  const ownerId = await findTargetOwner(deps.db, actor, input);
  if (ownerId === actor.id) throw new AppError(403, 'SELF_ACTION', SAFETY_MESSAGES.ownTarget);
  await consumeLimit(deps.counters, `reports:${actor.id}`, deps.rateLimits.reportsPerAccount);
  const details = input.details?.trim() || null;
  try {
    const [row] = await deps.db
      .insert(reports)
      .values({
        reporterId: actor.id,
        targetType: input.targetType,
        targetId: Number(input.targetId),
        reason: input.reason,
        details,
        createdAt: deps.now(),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toReportDto(row);
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new AppError(409, 'CONFLICT', SAFETY_MESSAGES.alreadyReported);
    }
    throw error;
  }
};

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
  if (await isBlockedBetween(db, a, b)) throw forbidden(SAFETY_MESSAGES.blocked);
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
  deps: Pick<SafetyDeps, 'db' | 'now'>,
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
  deps: Pick<SafetyDeps, 'db'>,
  actor: Actor,
  blockedId: number,
) => {
  const removed = await deps.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  if (removed.length === 0) throw notFound(SAFETY_MESSAGES.notBlocked);
};

/** `GET /api/blocks`: the members the caller blocked, newest first. */
export const listBlockedUsers = async (
  deps: Pick<SafetyDeps, 'db'>,
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

/** A removed account's blocks (both ways) and the reports it filed go with it. */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  await tx.delete(reports).where(eq(reports.reporterId, userId));
};
