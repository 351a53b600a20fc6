import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { campusDateFormat } from '@unimercado/shared/format';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import type { Product, SellerStats } from '@unimercado/shared/schemas/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../../lib/deps';
import {
  createAccount,
  createTestApp,
  readOutbox,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { createProduct } from '../../test/products';
import {
  acceptOffer,
  callAs,
  createTradeCast,
  expectErrorBody,
  makeOffer,
  postOffer,
  type TradeCast,
} from '../../test/trade';
import { findEmailRecipients } from '../chat/chat.service';
import { runListingExpiry } from './listing-expiry';

const DAY = 24 * 60 * 60_000;
// Sessions are signed with the app's clock and checked against the real one: start from now.
const START = new Date();
let clock = START;
let ctx: TestContext;
let cast: TradeCast;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  cast = await createTradeCast(ctx);
});
afterAll(() => ctx.close());

/** The clock at `days` after START (fractions allowed). */
const at = (days: number) => {
  clock = new Date(START.getTime() + days * DAY);
};
const run = () =>
  runListingExpiry({
    ...depsOf(ctx.app),
    expiryEmailRecipients: (tx, userIds) => findEmailRecipients(tx, 'listingExpiryEmail', userIds),
  });

const idsOf = async (who: Account | null, url: string) => {
  const res = await callAs(ctx, who, 'GET', url);
  expect(res.statusCode).toBe(200);
  return res.json<Product[]>().map((product) => product.id);
};

const expiryNotes = async (who: Account) => {
  const res = await callAs(ctx, who, 'GET', '/api/notifications');
  return res
    .json<Notification[]>()
    .filter((note) => note.typeId === NOTIFICATION_TYPES.listingExpiry);
};

/** Every list and search a buyer might use, as `who`. */
const publicListsOf = async (who: Account | null, product: Product) => {
  const title = encodeURIComponent('Termodinámica');
  return {
    list: await idsOf(who, '/api/products?size=100'),
    available: await idsOf(who, '/api/products/available?size=100'),
    search: await idsOf(who, `/api/products?search=${title}&size=100`),
    category: await idsOf(who, `/api/products?categoryId=${product.categoryId}&size=100`),
    seller: await idsOf(who, `/api/products?sellerId=${product.sellerId}&size=100`),
  };
};

describe('listings expire after LISTING_TTL_DAYS unless renewed (decision 094)', () => {
  let product: Product;

  it('a new listing expires 60 days after publishing', async () => {
    at(0);
    product = await createProduct(ctx, cast.seller, {
      title: 'Libro Termodinámica Cengel',
      description: 'Séptima edición, subrayado a lápiz.',
      price: 90000,
    });
    expect(product.isExpired).toBe(false);
    expect(product.expiresAt).toBe(new Date(START.getTime() + 60 * DAY).toISOString());
  });

  it('reminds the seller once, 3 days before, and keeps it listed', async () => {
    at(56.9);
    expect(await run()).toMatchObject({ reminded: 0, expired: 0 });
    expect(await expiryNotes(cast.seller)).toHaveLength(0);

    at(57.1);
    expect(await run()).toMatchObject({ reminded: 1, expired: 0 });
    expect(await run()).toMatchObject({ reminded: 0, expired: 0 });
    const notes = await expiryNotes(cast.seller);
    expect(notes).toHaveLength(1);
    const expiry = campusDateFormat(ctx.config.campusTimeZone).formatDate(product.expiresAt);
    expect(notes[0]!.message).toContain(`«Libro Termodinámica Cengel» caduca el ${expiry}`);
    expect(notes[0]!.link).toBe('/my-products');
    expect(await idsOf(null, '/api/products?size=100')).toContain(product.id);
  });

  it('once expired, it is hidden from every list and search and reads as not listed', async () => {
    at(60.01);
    expect(await run()).toMatchObject({ reminded: 0, expired: 1 });
    for (const who of [null, cast.other, cast.admin]) {
      const lists = await publicListsOf(who, product);
      for (const ids of Object.values(lists)) expect(ids).not.toContain(product.id);
    }
    expectErrorBody(await callAs(ctx, null, 'GET', `/api/products/${product.id}`), 404, {
      code: 'NOT_FOUND',
    });
    expectErrorBody(await callAs(ctx, cast.other, 'GET', `/api/products/${product.id}`), 404);
    expectErrorBody(await postOffer(ctx, cast.buyer, product.id, 80000), 404);
    const notes = await expiryNotes(cast.seller);
    expect(notes.map((note) => note.message)).toContainEqual(
      expect.stringContaining('caducó y ya no aparece en las búsquedas'),
    );
  });

  it('its seller still sees it (My products) as expired, and an admin can read it', async () => {
    const own = await callAs(
      ctx,
      cast.seller,
      'GET',
      `/api/products?sellerId=${cast.seller.user.id}`,
    );
    expect(own.json<Product[]>().find((item) => item.id === product.id)).toMatchObject({
      isExpired: true,
      isSold: false,
    });
    const detail = await callAs(ctx, cast.seller, 'GET', `/api/products/${product.id}`);
    expect(detail.json<Product>().isExpired).toBe(true);
    expect((await callAs(ctx, cast.admin, 'GET', `/api/products/${product.id}`)).statusCode).toBe(
      200,
    );
    const stats = (
      await callAs(ctx, cast.seller, 'GET', '/api/products/stats')
    ).json<SellerStats>();
    expect(stats).toMatchObject({ total: 1, active: 0, expired: 1, sold: 0 });
  });

  it('only its seller renews it: anonymous 401, another member and an admin 403', async () => {
    const url = `/api/products/${product.id}/renew`;
    expectErrorBody(await callAs(ctx, null, 'POST', url), 401);
    expectErrorBody(await callAs(ctx, cast.other, 'POST', url), 403);
    expectErrorBody(await callAs(ctx, cast.admin, 'POST', url), 403);
    expectErrorBody(await callAs(ctx, cast.seller, 'POST', '/api/products/999999/renew'), 404);
    expect(await idsOf(null, '/api/products?size=100')).not.toContain(product.id);
  });

  it('renewing brings it back at once, for another whole period with its own reminder', async () => {
    at(70);
    const res = await callAs(ctx, cast.seller, 'POST', `/api/products/${product.id}/renew`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Product>()).toMatchObject({
      isExpired: false,
      expiresAt: new Date(START.getTime() + 130 * DAY).toISOString(),
    });
    const lists = await publicListsOf(cast.other, product);
    for (const ids of Object.values(lists)) expect(ids).toContain(product.id);
    expect((await callAs(ctx, null, 'GET', `/api/products/${product.id}`)).statusCode).toBe(200);

    at(127.5);
    expect(await run()).toMatchObject({ reminded: 1, expired: 0 });
    expect(await expiryNotes(cast.seller)).toHaveLength(3);
  });

  it('sold and reserved listings never expire, and are not renewed (409)', async () => {
    at(130);
    const sold = await createProduct(ctx, cast.seller, { title: 'Bata de laboratorio' });
    const soldRes = await callAs(ctx, cast.seller, 'PATCH', `/api/products/${sold.id}/sold`);
    expect(soldRes.statusCode).toBe(200);
    const reserved = await createProduct(ctx, cast.seller, {
      title: 'Kit de química',
      price: 50000,
    });
    const offer = await makeOffer(ctx, cast.buyer, reserved, 40000);
    expect((await acceptOffer(ctx, cast.seller, offer.id)).statusCode).toBe(200);

    at(400);
    const report = await run();
    // Only the renewed listing of the earlier tests expires; the sold and reserved ones stay.
    expect(report.expired).toBe(1);
    for (const id of [sold.id, reserved.id]) {
      const detail = await callAs(ctx, cast.other, 'GET', `/api/products/${id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json<Product>().isExpired).toBe(false);
      expectErrorBody(await callAs(ctx, cast.seller, 'POST', `/api/products/${id}/renew`), 409, {
        code: 'PRODUCT_SOLD',
      });
    }
  });

  it('a called-off hand-off lists the product afresh, for a whole period', async () => {
    at(500);
    const product = await createProduct(ctx, cast.seller, { title: 'Calculadora gráfica' });
    const offer = await makeOffer(ctx, cast.buyer, product, product.price - 1000);
    expect((await acceptOffer(ctx, cast.seller, offer.id)).statusCode).toBe(200);
    at(600);
    const cancel = await callAs(ctx, cast.seller, 'POST', `/api/handoffs/${offer.id}/cancel`, {
      reason: 'changed_mind',
    });
    expect(cancel.statusCode).toBe(200);
    expect(await run()).toMatchObject({ expired: 0 });
    const detail = (
      await callAs(ctx, cast.other, 'GET', `/api/products/${product.id}`)
    ).json<Product>();
    expect(detail).toMatchObject({
      isSold: false,
      isExpired: false,
      expiresAt: new Date(START.getTime() + 660 * DAY).toISOString(),
    });
  });
});

describe('the reminder by email, for sellers who opted in (issue 21)', () => {
  // Only the expiry mails: registering also mailed each account its verification link.
  const expiryMailsTo = async (who: Account) =>
    (await readOutbox(ctx.config, who.email)).filter((mail) => mail.subject.includes('caduca'));
  it('mails the reminder only to a seller who asked for it in their email settings', async () => {
    const [keen, quiet] = await Promise.all([
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
    ]);
    const settings = await callAs(ctx, keen, 'PUT', '/api/chat/preferences', {
      listingExpiryEmail: true,
    });
    expect(settings.statusCode).toBe(200);
    // Off unless asked for; the other settings keep their defaults.
    expect(settings.json()).toEqual({
      unreadDigest: true,
      meetupReminderEmail: false,
      listingExpiryEmail: true,
    });
    expect((await callAs(ctx, quiet, 'GET', '/api/chat/preferences')).json()).toMatchObject({
      listingExpiryEmail: false,
    });
    at(200);
    const calculator = await createProduct(ctx, keen, { title: 'Calculadora científica Casio' });
    await createProduct(ctx, quiet, { title: 'Bata de laboratorio' });

    at(257.1);
    expect((await run()).reminded).toBeGreaterThanOrEqual(2);
    await ctx.app.mailer.flush();
    const mails = await expiryMailsTo(keen);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Tu publicación «Calculadora científica Casio» caduca pronto');
    const expiry = campusDateFormat(ctx.config.campusTimeZone).formatDate(calculator.expiresAt);
    expect(mails[0]?.text).toContain(`"Calculadora científica Casio" caduca el ${expiry}`);
    expect(mails[0]?.text).toContain(`${ctx.config.publicUrl}/my-products`);
    expect(await expiryMailsTo(quiet)).toEqual([]);
    // Both still get the notification in the app.
    expect(await expiryNotes(keen)).toHaveLength(1);
    expect(await expiryNotes(quiet)).toHaveLength(1);

    // Reminded once: another pass mails nothing more.
    await run();
    await ctx.app.mailer.flush();
    expect(await expiryMailsTo(keen)).toHaveLength(1);
  });
});
