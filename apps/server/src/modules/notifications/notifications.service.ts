import type { Notification } from '@unimercado/shared/schemas/notifications';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { Tx } from '../../db/tx';

export type NotificationInput = {
  userId: number;
  typeId: number;
  message: string;
  /**
   * The event that caused it (e.g. `offer:12`): a second notification of the same event for the
   * same user is not created (architecture.md, "The server is the authority").
   */
  eventKey?: string | undefined;
  /** The user whose action caused it (buyer, sender); lets a client's echo be recognised. */
  actorId?: number | undefined;
};

type NotificationRow = typeof notifications.$inferSelect;

export const toNotificationDto = (row: NotificationRow): Notification => ({
  id: row.id,
  userId: row.userId,
  typeId: row.typeId,
  message: row.message,
  read: row.read,
  createdAt: row.createdAt.toISOString(),
});

/** Inserts one notification; undefined when its event was already notified to that user. */
export const insertNotification = async (
  tx: Tx,
  input: NotificationInput,
): Promise<Notification | undefined> => {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      typeId: input.typeId,
      message: input.message,
      eventKey: input.eventKey ?? null,
      actorId: input.actorId ?? null,
    })
    // The only unique key besides the id is (user_id, event_key) where event_key is set.
    .onConflictDoNothing()
    .returning();
  return row ? toNotificationDto(row) : undefined;
};

/** A deleted account's notifications go with it (architecture.md, data safety). */
export const removeUserData = async (tx: Tx, userId: number) => {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
};
