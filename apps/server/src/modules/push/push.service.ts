import type { Agent } from 'node:https';
import { isIP } from 'node:net';
import {
  PUSH_CATEGORIES,
  PUSH_MESSAGES,
  PUSH_SUBSCRIPTIONS_PER_MEMBER,
  pushCategoryOf,
  CHAT_FOCUS_TTL_MS,
  type PushCategory,
  type PushPayload,
  type PushPreferences,
  type PushSubscriptionBody,
  type PushSubscriptionDto,
} from '@unimercado/shared/schemas/push';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { pushMutedCategories, pushSubscriptions } from '../../db/schema';
import type { Database } from '../../db/client';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import type { NotificationInput } from '../notifications/notifications.service';

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

const toDto = (row: SubscriptionRow): PushSubscriptionDto => ({
  id: row.id,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
});

const invalidEndpoint = () => new AppError(400, 'VALIDATION_ERROR', PUSH_MESSAGES.endpoint);

/**
 * The server sends a request to every stored endpoint (always https: web-push knows no other),
 * so in production only a host by name is taken, never an IP address or localhost: a member
 * cannot aim the server at its own network (decision 092). Tests use a local push service.
 */
export const assertAllowedEndpoint = (
  config: Pick<AppDeps['config'], 'isProduction'>,
  endpoint: string,
) => {
  if (!config.isProduction) return;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost')) {
    throw invalidEndpoint();
  }
};

/** `GET /api/push/public-key`: the key browsers subscribe with (applicationServerKey). */
export const getPushPublicKey = ({ config }: Pick<AppDeps, 'config'>) => ({
  publicKey: config.push.publicKey,
});

/**
 * `POST /api/push/subscriptions`: one browser belongs to one member at a time, so an endpoint
 * already stored (the browser's previous member did not sign out cleanly) moves to the caller.
 * A member keeps at most PUSH_SUBSCRIPTIONS_PER_MEMBER; the oldest go.
 */
export const subscribeToPush = async (
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  actor: Actor,
  body: PushSubscriptionBody,
): Promise<PushSubscriptionDto> => {
  assertAllowedEndpoint(deps.config, body.endpoint);
  const owned = {
    userId: actor.id,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    createdAt: deps.now(),
  };
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ ...owned, endpoint: body.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: owned })
      .returning();
    if (!row) throw new Error('push subscription upsert returned no row');
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.id))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, actor.id),
        notInArray(
          pushSubscriptions.id,
          kept.map((k) => k.id),
        ),
      ),
    );
    return toDto(row);
  });
};

/** `DELETE /api/push/subscriptions`: only the caller's own; anyone else's is "not found". */
export const unsubscribeFromPush = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  endpoint: string,
): Promise<void> => {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError(404, 'NOT_FOUND', PUSH_MESSAGES.notFound);
};

const preferencesOf = async (db: Database | Tx, userId: number): Promise<PushPreferences> => {
  const rows = await db
    .select({ category: pushMutedCategories.category })
    .from(pushMutedCategories)
    .where(eq(pushMutedCategories.userId, userId));
  const muted = new Set(rows.map((row) => row.category));
  return Object.fromEntries(
    PUSH_CATEGORIES.map((category) => [category, !muted.has(category)]),
  ) as PushPreferences;
};

/** `GET /api/push/preferences`: every category on unless the member switched it off. */
export const getPushPreferences = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
): Promise<PushPreferences> => {
  return preferencesOf(db, actor.id);
};

/** `PUT /api/push/preferences`: the categories named change; the others stay. */
export const updatePushPreferences = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  changes: Partial<PushPreferences>,
): Promise<PushPreferences> =>
  inTransaction(db, async (tx) => {
    const entries = Object.entries(changes) as [PushCategory, boolean][];
    const toMute = entries.filter(([, on]) => !on).map(([category]) => category);
    const toUnmute = entries.filter(([, on]) => on).map(([category]) => category);
    if (toMute.length > 0) {
      await tx
        .insert(pushMutedCategories)
        .values(toMute.map((category) => ({ userId: actor.id, category })))
        .onConflictDoNothing();
    }
    if (toUnmute.length > 0) {
      await tx
        .delete(pushMutedCategories)
        .where(
          and(
            eq(pushMutedCategories.userId, actor.id),
            inArray(pushMutedCategories.category, toUnmute),
          ),
        );
    }
    return preferencesOf(tx, actor.id);
  });

/**
 * Which conversation a member is looking at (decision 092): the web client says so over STOMP
 * while the conversation is open and visible, and repeats it; the mark lives CHAT_FOCUS_TTL_MS
 * in the shared counter store (memory, or Redis across instances).
 */
const focusKey = (userId: number, partnerId: number) => `push-focus:${userId}:${partnerId}`;

export const setChatFocus = async (
  { counters }: Pick<AppDeps, 'counters'>,
  actor: Actor,
  partnerId: number,
  isFocused: boolean,
) => {
  const key = focusKey(actor.id, partnerId);
  // A fresh window each time: the mark lasts CHAT_FOCUS_TTL_MS after the latest signal.
  await counters.reset(key);
  if (isFocused) await counters.increment(key, CHAT_FOCUS_TTL_MS);
};

export const isLookingAtConversation = async (
  { counters }: Pick<AppDeps, 'counters'>,
  userId: number,
  partnerId: number,
) => (await counters.peek(focusKey(userId, partnerId))).count > 0;

/** What the service worker shows: the app's name, the notification's text and where it leads. */
export const buildPushPayload = (
  config: Pick<AppDeps['config'], 'appName'>,
  notification: Notification,
): PushPayload => ({
  title: config.appName,
  body: notification.message,
  url: notification.link ?? '/notifications',
  // Messages of one conversation replace each other on the phone; a notification updated in
  // place (a saved search's count) replaces its own earlier push; others stack.
  tag:
    notification.typeId === NOTIFICATION_TYPES.message && notification.link
      ? `chat:${notification.link}`
      : `n:${notification.id}`,
  notificationId: notification.id,
  typeId: notification.typeId,
});

/** How long a push service keeps a push for a phone that is off (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_SEND_TIMEOUT_MS = 10_000;

export type PushDeliveryResult = {
  sent: number;
  removed: number;
  failed: number;
  skipped?: string;
};

/**
 * Sends one committed notification to every push subscription of its member, if its type has a
 * push category the member left on, and, for a chat message, unless the member is looking at
 * that conversation. A subscription the push service says is gone (404, 410) is deleted.
 */
export const deliverPush = async (
  deps: Pick<AppDeps, 'db' | 'config' | 'counters' | 'log'>,
  notification: Notification,
  input: Pick<NotificationInput, 'actorId'>,
  /** Tests hand over one that trusts their local push service's certificate. */
  agent?: Agent,
): Promise<PushDeliveryResult> => {
  const result: PushDeliveryResult = { sent: 0, removed: 0, failed: 0 };
  const category = pushCategoryOf(notification.typeId);
  if (!category) return { ...result, skipped: 'type' };
  const userId = notification.userId;
  if (
    notification.typeId === NOTIFICATION_TYPES.message &&
    input.actorId !== undefined &&
    (await isLookingAtConversation(deps, userId, input.actorId))
  ) {
    return { ...result, skipped: 'focused' };
  }
  const [muted] = await deps.db
    .select({ category: pushMutedCategories.category })
    .from(pushMutedCategories)
    .where(and(eq(pushMutedCategories.userId, userId), eq(pushMutedCategories.category, category)));
  if (muted) return { ...result, skipped: 'muted' };
  const subscriptions = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (subscriptions.length === 0) return { ...result, skipped: 'none' };
  const payload = JSON.stringify(buildPushPayload(deps.config, notification));
  await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        await webpush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          payload,
          {
            vapidDetails: deps.config.push,
            TTL: PUSH_TTL_SECONDS,
            urgency: notification.typeId === NOTIFICATION_TYPES.message ? 'high' : 'normal',
            timeout: PUSH_SEND_TIMEOUT_MS,
            contentEncoding: 'aes128gcm',
            ...(agent ? { agent } : {}),
          },
        );
        result.sent += 1;
      } catch (error) {
        if (
          error instanceof WebPushError &&
          (error.statusCode === 404 || error.statusCode === 410)
        ) {
          // Only this row, and only if it still names the same member (it may have moved).
          await deps.db
            .delete(pushSubscriptions)
            .where(
              and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.userId, userId)),
            );
          result.removed += 1;
          return;
        }
        result.failed += 1;
        deps.log.warn(
          {
            err: error,
            statusCode: error instanceof WebPushError ? error.statusCode : undefined,
            subscription: subscription.id,
          },
          'web push failed',
        );
      }
    }),
  );
  return result;
};
