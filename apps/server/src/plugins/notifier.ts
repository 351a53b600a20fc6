import { DESTINATIONS } from '@unimercado/shared/chat';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import fp from 'fastify-plugin';
import type { TxScope } from '../db/tx';
import type { Tx } from '../db/tx';
import type { NotificationInput } from '../modules/notifications/notifications.service';
import type { Broker } from './broker';

/**
 * Told of every notification once its transaction has committed (web push, decision 092). It
 * runs on the request's path: it hands the work over and returns, never waits for it.
 */
export type NotificationListener = (notification: Notification, input: NotificationInput) => void;

/**
 * The one way to notify a user (conventions.md): the row is written in the caller's transaction
 * and pushed live to `/user/queue/notifications` only after that transaction commits; then the
 * listeners (web push) are told. A repeated event key creates nothing and pushes nothing.
 */
export type Notifier = {
  notify: (scope: TxScope, input: NotificationInput) => Promise<Notification | undefined>;
  /** Adds a listener of committed notifications; answers its removal. */
  onCreated: (listener: NotificationListener) => () => void;
  /** For the metrics: notifications written and pushes handed to the broker since start. */
  stats: () => { created: number; pushed: number; pushFailed: number };
};

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

/** Writes a notification's row (the notifications module's), undefined for a repeated event key. */
export type InsertNotification = (
  tx: Tx,
  input: NotificationInput,
) => Promise<Notification | undefined>;

export const createNotifier = (
  broker: Pick<Broker, 'publishToUser'>,
  insertNotification: InsertNotification,
): Notifier => {
  const counts = { created: 0, pushed: 0, pushFailed: 0 };
  const listeners = new Set<NotificationListener>();
  return {
    notify: async ({ tx, afterCommit }, input) => {
      const notification = await insertNotification(tx, input);
      if (notification) {
        afterCommit(async () => {
          counts.created += 1;
          for (const listener of listeners) {
            try {
              listener(notification, input);
            } catch {
              // A listener reports its own failures; the live push below still goes out.
            }
          }
          try {
            await broker.publishToUser(
              notification.userId,
              DESTINATIONS.userNotifications,
              notification,
            );
            counts.pushed += 1;
          } catch (error) {
            counts.pushFailed += 1;
            throw error;
          }
        });
      }
      return notification;
    },
    onCreated: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    stats: () => ({ ...counts }),
  };
};

/** The row is written by the notifications module's function, handed over by app.ts (layering). */
export const notifierPlugin = fp<{ insertNotification: InsertNotification }>(
  (app, { insertNotification }, done) => {
    app.decorate('notifier', createNotifier(app.broker, insertNotification));
    done();
  },
  { name: 'notifier', dependencies: ['broker'] },
);
