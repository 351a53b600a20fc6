import { setTimeout as delay } from 'node:timers/promises';
import { DESTINATIONS } from '@unimercado/shared/chat';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { inTransaction } from '../db/tx';
import { createAccount, createTestApp, type TestContext } from '../test/helpers';
import type { UserDelivery } from './broker';

describe('notifier', () => {
  let ctx: TestContext;
  const deliveries: UserDelivery[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.app.broker.onDelivery((delivery) => deliveries.push(delivery));
  });
  afterAll(() => ctx.close());

  const settle = () => delay(20);
  const rowsOf = (userId: number) =>
    ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('stores the notification and pushes it to the user only after commit', async () => {
    const seller = await createAccount(ctx);
    deliveries.length = 0;
    const created = await inTransaction(ctx.database.db, async (tx, afterCommit) => {
      const notification = await ctx.app.notifier.notify(
        { tx, afterCommit },
        {
          userId: seller.user.id,
          typeId: NOTIFICATION_TYPES.newOffer,
          message: 'Has recibido una nueva oferta...',
          eventKey: 'offer:1',
        },
      );
      await settle();
      expect(deliveries).toEqual([]);
      return notification;
    });
    await settle();
    expect(created).toMatchObject({ userId: seller.user.id, typeId: 3, read: false });
    expect(deliveries).toEqual([
      { userId: seller.user.id, destination: DESTINATIONS.userNotifications, body: created },
    ]);
    expect(await rowsOf(seller.user.id)).toHaveLength(1);
  });

  it('a repeated event key creates and pushes nothing', async () => {
    const seller = await createAccount(ctx);
    const input = {
      userId: seller.user.id,
      typeId: NOTIFICATION_TYPES.newOffer,
      message: 'Has recibido una nueva oferta...',
      eventKey: 'offer:99',
    };
    await inTransaction(ctx.database.db, (tx, afterCommit) =>
      ctx.app.notifier.notify({ tx, afterCommit }, input),
    );
    await settle();
    deliveries.length = 0;
    const again = await inTransaction(ctx.database.db, (tx, afterCommit) =>
      ctx.app.notifier.notify({ tx, afterCommit }, input),
    );
    await settle();
    expect(again).toBeUndefined();
    expect(deliveries).toEqual([]);
    expect(await rowsOf(seller.user.id)).toHaveLength(1);
  });

  it('a rolled-back transaction leaves no notification and pushes nothing', async () => {
    const buyer = await createAccount(ctx);
    deliveries.length = 0;
    await expect(
      inTransaction(ctx.database.db, async (tx, afterCommit) => {
        await ctx.app.notifier.notify(
          { tx, afterCommit },
          { userId: buyer.user.id, typeId: NOTIFICATION_TYPES.offerAnswered, message: 'x' },
        );
        throw new Error('offer could not be accepted');
      }),
    ).rejects.toThrow();
    await settle();
    expect(deliveries).toEqual([]);
    expect(await rowsOf(buyer.user.id)).toEqual([]);
  });
});
