import { readdir } from 'node:fs/promises';
import type { ChatMessage, ChatUser } from '@unimercado/shared/chat';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import type { Handoff } from '@unimercado/shared/schemas/handoffs';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import type { Product } from '@unimercado/shared/schemas/products';
import type { Review } from '@unimercado/shared/schemas/reviews';
import type { Purchase, Sale } from '@unimercado/shared/schemas/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../plugins/storage';
import { callAs, countRows, createTestApp, login, type TestContext } from '../test/helpers';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo-seed';

describe('demo data (npm run db:seed -- --demo)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const seed = () =>
    seedDemoData({
      db: ctx.app.db,
      storage: ctx.app.storage,
      passwords: ctx.app.passwords,
      now: () => new Date(),
    });

  /** Every listing: without sellerId a list is of available products unless it asks for sold. */
  const allListings = async () => {
    const listings: Product[] = [];
    for (const isSold of [false, true]) {
      const url = `/api/products?isSold=${isSold}&size=100`;
      listings.push(...(await ctx.app.inject({ method: 'GET', url })).json<Product[]>());
    }
    return listings;
  };

  it('adds verified demo accounts and listings with photos across the categories, once', async () => {
    const result = await seed();
    expect(result).toMatchObject({ created: true, users: DEMO_USERS.length });
    expect(result.listings).toBeGreaterThanOrEqual(30);

    const session = await login(ctx.app, DEMO_USERS[0].email, DEMO_PASSWORD);
    expect(session.verified).toBe(true);

    const listings = await allListings();
    expect(listings).toHaveLength(result.listings);
    expect(new Set(listings.map((product) => product.categoryId)).size).toBe(14);
    expect(listings.some((product) => product.isSold)).toBe(true);
    for (const product of listings) {
      expect(product.images.length).toBeGreaterThan(0);
      const photo = await ctx.app.inject({
        method: 'GET',
        url: new URL(product.images[0]!.thumbnailUrl).pathname,
      });
      expect(photo.statusCode).toBe(200);
    }
    const files = await readdir(uploadsDir(ctx.config.dataDir), { recursive: true });
    expect(files.filter((file) => file.endsWith('.webp'))).toHaveLength(result.photos * 2);

    // Registering a demo address is refused: the account, its listings and its password stay
    // (issue 18: it answered 201 and deleted the account with everything it held).
    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Otra Persona',
        email: DEMO_USERS[0].email,
        password: 'otra-clave-1',
        confirmPassword: 'otra-clave-1',
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    await expect(login(ctx.app, DEMO_USERS[0].email, DEMO_PASSWORD)).resolves.toMatchObject({
      id: session.id,
    });
    expect(await allListings()).toHaveLength(result.listings);

    // A second run changes nothing.
    const products = await countRows(ctx, 'products');
    expect((await seed()).created).toBe(false);
    expect(await countRows(ctx, 'products')).toBe(products);
  }, 120_000);

  it('shows a living marketplace between the accounts, and every piece of it follows the rules', async () => {
    // The first test seeded; this one reads what it left, as the members would.
    const sessions = await Promise.all(
      DEMO_USERS.map((user) => login(ctx.app, user.email, DEMO_PASSWORD)),
    );
    const get = async <T>(token: string, url: string) => {
      const res = await callAs(ctx, 'GET', url, token);
      expect(res.statusCode, url).toBe(200);
      return res.json<T>();
    };
    const now = Date.now();
    const offers: (Sale & { product: Product })[] = [];
    const productsById = new Map<number, Product>();
    for (const session of sessions) {
      const mine = await get<Product[]>(
        session.token,
        `/api/products?sellerId=${session.id}&size=100`,
      );
      for (const product of mine) {
        productsById.set(product.id, product);
        const received = await get<Sale[]>(
          session.token,
          `/api/sales/product/${product.id}/offers`,
        );
        const accepted = received.filter((offer) => offer.status === 'accepted');
        // An accepted offer sells the product; an available product has none; a sold one takes no
        // pending offer; every offer was below the price.
        expect(accepted.length, product.title).toBeLessThanOrEqual(1);
        if (accepted.length === 1) expect(product.isSold, product.title).toBe(true);
        if (product.isSold) {
          expect(received.filter((offer) => offer.status === 'pending')).toEqual([]);
        }
        for (const offer of received) {
          expect(offer.price).toBeLessThan(product.price);
          expect(offer.buyerId).not.toBe(session.id);
          offers.push({ ...offer, product });
        }
      }
    }
    const statuses = new Set(offers.map((offer) => offer.status));
    expect([...statuses].sort()).toEqual(['accepted', 'pending', 'rejected']);

    for (const session of sessions) {
      const purchases = await get<Purchase[]>(session.token, `/api/sales/buyer/${session.id}`);
      for (const purchase of purchases) {
        expect(purchase.status).toBe('accepted');
        expect(purchase.product.isSold).toBe(true);
      }
      // Reviews only from the buyer of an accepted sale, about its seller.
      const written = await get<Review[]>(session.token, `/api/reviews?reviewerId=${session.id}`);
      for (const review of written) {
        const purchase = purchases.find((p) => p.productId === review.productId);
        expect(purchase, `review ${review.id}`).toBeDefined();
        expect(review.revieweeId).toBe(purchase!.product.sellerId);
      }
      // Favourites never of one's own listings.
      const { productIds } = await get<{ productIds: number[] }>(
        session.token,
        '/api/favorites/ids',
      );
      for (const id of productIds) expect(productsById.get(id)?.sellerId).not.toBe(session.id);

      // The notifications are those the events made: an offer tells its seller (typeId 3), an
      // answer its buyer (typeId 2), a message its receiver (typeId 1, once per burst).
      const notifications = await get<Notification[]>(session.token, '/api/notifications');
      const ofType = (typeId: number) => notifications.filter((n) => n.typeId === typeId);
      const offersReceived = offers.filter((offer) => offer.product.sellerId === session.id);
      expect(ofType(NOTIFICATION_TYPES.newOffer)).toHaveLength(offersReceived.length);
      for (const offer of offersReceived) {
        expect(
          ofType(NOTIFICATION_TYPES.newOffer).some((n) => n.message.includes(offer.product.title)),
        ).toBe(true);
      }
      const answered = offers.filter(
        (offer) => offer.buyerId === session.id && offer.status !== 'pending',
      );
      // A buyer's review confirms receipt: the seller hears the hand-off completed (decision 075).
      const receipts = ofType(NOTIFICATION_TYPES.offerAnswered).filter((n) =>
        n.message.startsWith('El comprador confirmó que recibió'),
      );
      expect(ofType(NOTIFICATION_TYPES.offerAnswered)).toHaveLength(
        answered.length + receipts.length,
      );
      const handedOver = await get<Handoff[]>(session.token, '/api/handoffs?state=completed');
      expect(handedOver.filter((h) => h.role === 'seller')).toHaveLength(receipts.length);
      const conversations = await get<ChatUser[]>(
        session.token,
        '/api/chat/users?scope=conversations',
      );
      const senders = new Set<number>();
      for (const partner of conversations) {
        const messages = await get<ChatMessage[]>(
          session.token,
          `/api/chat/messages?userId=${partner.id}`,
        );
        if (messages.some((m) => m.receiverId === session.id)) senders.add(partner.id);
      }
      expect(ofType(NOTIFICATION_TYPES.message).length).toBeGreaterThanOrEqual(senders.size);
      // Plausible bells: what is older than a day was read, what is newer waits.
      const count = await get<{ unread: number; read: number }>(
        session.token,
        '/api/notifications/count',
      );
      expect(count.unread + count.read).toBe(notifications.length);
      for (const n of notifications) {
        const hours = (now - new Date(n.createdAt).getTime()) / 3_600_000;
        expect(hours).toBeGreaterThan(0);
        // (No demo event falls within an hour of the one-day mark.)
        expect(hours < 23 || hours > 25, n.message).toBe(true);
        expect(n.read, n.message).toBe(hours > 24);
      }
    }

    // The first account (README) finds every screen filled.
    const [valentina] = sessions;
    const token = valentina!.token;
    const purchases = await get<Purchase[]>(token, `/api/sales/buyer/${valentina!.id}`);
    expect(purchases.some((p) => !p.isReviewed)).toBe(true);
    expect(
      (await get<{ productIds: number[] }>(token, '/api/favorites/ids')).productIds.length,
    ).toBeGreaterThan(0);
    expect(offers.some((o) => o.product.sellerId === valentina!.id && o.status === 'pending')).toBe(
      true,
    );
    const count = await get<{ unread: number; read: number }>(token, '/api/notifications/count');
    expect(count.unread).toBeGreaterThan(0);
    expect(count.read).toBeGreaterThan(0);
    const chats = await get<(ChatUser & { unreadCount?: number })[]>(
      token,
      '/api/chat/users?scope=conversations',
    );
    expect(chats.length).toBeGreaterThanOrEqual(3);
    const received = await get<Review[]>(token, `/api/reviews?revieweeId=${valentina!.id}`);
    expect(received.length).toBeGreaterThan(0);
  });
});
