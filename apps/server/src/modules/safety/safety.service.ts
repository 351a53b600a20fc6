import {
  AUTO_HIDE_REPORTERS,
  MODERATION_MESSAGES,
  SAFETY_MESSAGES,
  type CreateReportBody,
  type ModerationActionBody,
  type ModerationGroup,
  type ModerationLogEntry,
  type Report,
  type ReportReason,
  type ReportTargetType,
} from '@unimercado/shared/schemas/safety';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, countDistinct, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from '../../db/pg-errors';
import {
  chatMessages,
  moderationActions,
  products,
  reports,
  userRoles,
  roles,
  users,
} from '../../db/schema';
import { inTransaction, type Tx, type TxScope } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import { assertAdmin, assertVerified, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { consumeLimit } from '../../plugins/rate-limit';
import { findMessageInContext, removeChatMessage } from '../chat/chat.service';
import { findProductRow, hideListing } from '../products/products.queries';
import { suspendUser } from '../users/suspension';
import { ROLE_ADMIN } from '@unimercado/shared/constants';

/** Reports and their moderation (issue 20, decision 071); blocks are modules/blocks. */
type SafetyDeps = Pick<AppDeps, 'db' | 'now' | 'counters' | 'rateLimits' | 'bus'>;
type ModerationDeps = Pick<AppDeps, 'db' | 'now' | 'bus' | 'notifier' | 'config'>;

const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);

const openReportsOf = (targetType: ReportTargetType, targetId: number) =>
  and(
    eq(reports.targetType, targetType),
    eq(reports.targetId, targetId),
    eq(reports.status, 'open'),
  );
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
  const now = deps.now();
  try {
    return await inTransaction(deps.db, async (tx, afterCommit) => {
      const [row] = await tx
        .insert(reports)
        .values({
          reporterId: actor.id,
          targetType: input.targetType,
          targetId: Number(input.targetId),
          reason: input.reason,
          details,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      if (row.targetType === 'product') {
        await hideWhenReportedOften({ tx, afterCommit }, deps, row.targetId, ownerId, now);
      }
      return toReportDto(row);
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new AppError(409, 'CONFLICT', SAFETY_MESSAGES.alreadyReported);
    }
    throw error;
  }
};

/**
 * A listing with open reports from AUTO_HIDE_REPORTERS different members is hidden pending review,
 * once, and the audit log says the system did it. The listing's row lock orders two reports
 * arriving together, so the count one of them reads includes the other.
 */
const hideWhenReportedOften = async (
  scope: TxScope,
  deps: Pick<SafetyDeps, 'bus'>,
  productId: number,
  sellerId: number,
  now: Date,
) => {
  const { tx } = scope;
  await tx.execute(sql`select 1 from products where id = ${productId} for update`);
  const [counted] = await tx
    .select({ reporters: countDistinct(reports.reporterId) })
    .from(reports)
    .where(openReportsOf('product', productId));
  if ((counted?.reporters ?? 0) < AUTO_HIDE_REPORTERS) return;
  if (!(await hideListing(scope, deps.bus, productId, now))) return;
  await tx.insert(moderationActions).values({
    adminId: null,
    action: 'autoHide',
    targetType: 'product',
    targetId: productId,
    memberId: sellerId,
    reason: MODERATION_MESSAGES.autoHideReason,
    createdAt: now,
  });
};

/** The reports a removed account filed go with it (the ones about it stay for the admins). */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(reports).where(eq(reports.reporterId, userId));
};

/** The member a target is about: the listing's seller, the message's sender, the member. */
const findTargetMember = async (db: Database | Tx, targetType: ReportTargetType, id: number) => {
  if (targetType === 'product') {
    const [row] = await db
      .select({ id: products.sellerId })
      .from(products)
      .where(eq(products.id, id));
    return row?.id;
  }
  if (targetType === 'message') {
    const [row] = await db
      .select({ id: chatMessages.senderId })
      .from(chatMessages)
      .where(eq(chatMessages.id, id));
    return row?.id;
  }
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row?.id;
};

const isAdminMember = async (db: Database | Tx, userId: number) => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.name, ROLE_ADMIN)))
    .limit(1);
  return Boolean(row);
};

const DAY_MS = 24 * 60 * 60_000;

/**
 * `POST /api/moderation/actions`: an admin acts on every open report of one target, and the
 * audit log records who, when and why. The reports are closed first, in the same statement that
 * decides the race: of two admins acting on one target, the second finds nothing open (409) and
 * changes nothing.
 */
export const actOnReports = async (
  deps: ModerationDeps,
  actor: Actor,
  input: ModerationActionBody,
): Promise<ModerationLogEntry> => {
  assertAdmin(actor);
  const targetId = Number(input.targetId);
  const { action, targetType } = input;
  if (
    (action === 'hideListing' && targetType !== 'product') ||
    (action === 'removeMessage' && targetType !== 'message')
  ) {
    throw new AppError(400, 'VALIDATION_ERROR', MODERATION_MESSAGES.actionNotForTarget);
  }
  const reason = input.reason.trim();
  const now = deps.now();
  const until =
    action === 'suspend' && input.days ? new Date(now.getTime() + input.days * DAY_MS) : null;
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const scope = { tx, afterCommit };
    const closed = await tx
      .update(reports)
      .set({ status: action === 'dismiss' ? 'dismissed' : 'resolved', resolvedAt: now })
      .where(openReportsOf(targetType, targetId))
      .returning({ id: reports.id });
    if (closed.length === 0) throw new AppError(409, 'CONFLICT', MODERATION_MESSAGES.handled);
    const memberId = await findTargetMember(tx, targetType, targetId);
    if (memberId === undefined && action !== 'dismiss') {
      throw new AppError(404, 'NOT_FOUND', MODERATION_MESSAGES.targetGone);
    }
    if ((action === 'warn' || action === 'suspend') && memberId !== undefined) {
      if (memberId === actor.id || (await isAdminMember(tx, memberId))) {
        throw new AppError(403, 'FORBIDDEN', MODERATION_MESSAGES.notOnAdmin);
      }
    }
    if (action === 'hideListing') await hideListing(scope, deps.bus, targetId, now);
    if (action === 'removeMessage') await removeChatMessage(tx, targetId, now);
    if (action === 'warn' && memberId !== undefined) {
      await deps.notifier.notify(scope, {
        userId: memberId,
        typeId: NOTIFICATION_TYPES.moderation,
        message: MODERATION_MESSAGES.warning(reason),
        createdAt: now,
      });
    }
    if (action === 'suspend' && memberId !== undefined) {
      await suspendUser(scope, deps.bus, memberId, { now, until });
    }
    const [entry] = await tx
      .insert(moderationActions)
      .values({
        adminId: actor.id,
        action,
        targetType,
        targetId,
        memberId: memberId ?? null,
        reason,
        until,
        createdAt: now,
      })
      .returning({ id: moderationActions.id });
    if (!entry) throw new Error('insert returned no row');
    const [logged] = await readLog(tx, eq(moderationActions.id, entry.id));
    if (!logged) throw new Error('audit entry vanished');
    return logged;
  });
};

const admins = alias(users, 'admins');
const members = alias(users, 'members');

const readLog = async (
  db: Database | Tx,
  where: ReturnType<typeof eq> | undefined,
  limit = 200,
) => {
  const rows = await db
    .select({
      entry: moderationActions,
      adminName: admins.name,
      memberName: members.name,
    })
    .from(moderationActions)
    .leftJoin(admins, eq(admins.id, moderationActions.adminId))
    .leftJoin(members, eq(members.id, moderationActions.memberId))
    .where(where)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
  return rows.map(({ entry, adminName, memberName }): ModerationLogEntry => ({
    id: entry.id,
    action: entry.action as ModerationLogEntry['action'],
    targetType: entry.targetType,
    targetId: entry.targetId,
    admin: entry.adminId === null ? null : { id: entry.adminId, name: adminName ?? '' },
    member: entry.memberId === null ? null : { id: entry.memberId, name: memberName ?? '' },
    reason: entry.reason,
    until: entry.until ? entry.until.toISOString() : null,
    createdAt: entry.createdAt.toISOString(),
  }));
};

/** `GET /api/moderation/log`: the audit log, newest first (the last 200 entries). */
export const listModerationLog = async (deps: Pick<AppDeps, 'db'>, actor: Actor) => {
  assertAdmin(actor);
  return readLog(deps.db, undefined);
};

const CONTEXT_MESSAGES = 3;
const QUEUE_GROUPS = 100;

/**
 * `GET /api/moderation/reports`: open reports grouped by target, most reported first, each with
 * its context (the listing; the message and the messages around it).
 */
export const listModerationQueue = async (
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
): Promise<ModerationGroup[]> => {
  assertAdmin(actor);
  const rows = await deps.db
    .select({ report: reports, reporterName: users.name })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  const groups = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) {
    const key = `${row.report.targetType}:${row.report.targetId}`;
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  const ordered = [...groups.values()]
    .sort(
      (a, b) =>
        b.length - a.length ||
        (b.at(-1)?.report.createdAt.getTime() ?? 0) - (a.at(-1)?.report.createdAt.getTime() ?? 0),
    )
    .slice(0, QUEUE_GROUPS);
  const memberIds = new Set<number>();
  const built = await Promise.all(
    ordered.map(async (list) => {
      const first = list[0]!.report;
      const latest = list.at(-1)!.report;
      const { targetType, targetId } = first;
      let product: ModerationGroup['product'] = null;
      let message: ModerationGroup['message'] = null;
      let conversation: ModerationGroup['conversation'] = [];
      let memberId: number | undefined;
      if (targetType === 'product') {
        const row = await findProductRow(deps.db, targetId);
        if (row) {
          product = {
            id: row.id,
            title: row.title,
            price: Number(row.price),
            hidden: row.hidden_at !== null,
          };
          memberId = row.seller_id;
        }
      } else if (targetType === 'message') {
        const found = await findMessageInContext(deps.db, targetId, CONTEXT_MESSAGES);
        if (found) {
          const line = (m: typeof found.message) => ({
            id: m.id,
            senderId: m.senderId,
            receiverId: m.receiverId,
            content: m.content,
            createdAt: m.createdAt,
          });
          message = line(found.message);
          conversation = found.conversation.map(line);
          memberId = found.message.senderId;
        }
      } else {
        memberId = targetId;
      }
      if (memberId !== undefined) memberIds.add(memberId);
      return {
        memberId,
        group: {
          targetType,
          targetId,
          count: list.length,
          latestAt: latest.createdAt.toISOString(),
          member: null,
          product,
          message,
          conversation,
          reports: list.map(({ report, reporterName }) => ({
            id: report.id,
            reporterId: report.reporterId,
            reporterName,
            reason: report.reason as ReportReason,
            details: report.details,
            createdAt: report.createdAt.toISOString(),
          })),
        } satisfies ModerationGroup,
      };
    }),
  );
  const names =
    memberIds.size === 0
      ? []
      : await deps.db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, [...memberIds]));
  const byId = new Map(names.map((row) => [row.id, row]));
  return built.map(({ memberId, group }) => ({
    ...group,
    member: memberId === undefined ? null : (byId.get(memberId) ?? null),
  }));
};
