import type { Notification } from '@unimercado/shared/schemas/notifications';
import type { Product } from '@unimercado/shared/schemas/products';
import {
  HANDOFF_CANCEL_NOTE_MAX_LENGTH,
  HANDOFF_MESSAGES,
  type Handoff,
  type NoShow,
} from '@unimercado/shared/schemas/handoffs';
import type { Purchase, Sale } from '@unimercado/shared/schemas/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsOf } from '../../lib/deps';
import { createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import {
  callAs,
  createTradeCast,
  expectErrorBody,
  makeOffer,
  postOffer,
  sellTo,
} from '../../test/trade';
import { sweepOverdueHandoffs } from './handoffs.service';

const HOUR = 60 * 60 * 1000;

describe('hand-offs: reserve, confirm, cancel (decision 075)', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  let other: Account;
  let admin: Account;
  /** Moves the services' clock (the 72 hours after a seller's confirmation). */
  let offsetMs = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ now: () => new Date(Date.now() + offsetMs) });
    ({ seller, buyer, other, admin } = await createTradeCast(ctx));
  });
  afterAll(() => ctx.close());

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
    callAs(ctx, ...args);
  const reserve = async (title = 'Calculadora') => {
    const product = await createProduct(ctx, seller, { title, price: 100000 });
    const sale = await sellTo(ctx, seller, buyer, product);
    return { product, sale };
  };
  const productAs = async (who: Account | null, id: number) =>
    (await call(who, 'GET', `/api/products/${id}`)).json<Product>();
  const handoffAs = async (who: Account, id: number) => {
    const res = await call(who, 'GET', `/api/handoffs/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json<Handoff>();
  };
  const messagesOf = async (who: Account) =>
    (await call(who, 'GET', '/api/notifications')).json<Notification[]>().map((n) => n.message);
  const cancel = (who: Account | null, id: number, body: Record<string, unknown> = {}) =>
    call(who, 'POST', `/api/handoffs/${id}/cancel`, { reason: 'changed_mind', ...body });
  const confirm = (who: Account | null, id: number) =>
    call(who, 'POST', `/api/handoffs/${id}/confirm`);
  /** One run of the 72-hour sweep at the moved clock (what every instance does periodically). */
  const sweep = () => sweepOverdueHandoffs(depsOf(ctx.app));

  it('accepting reserves the product: spec clients see it sold, nobody else can offer', async () => {
    const { product, sale } = await reserve('Bicicleta reservada');
    expect(await productAs(null, product.id)).toMatchObject({ isSold: true, isReserved: true });
    expectErrorBody(await postOffer(ctx, other, product.id, 5000), 409);
    // The spec's purchase is unchanged: an accepted offer in the buyer's purchases.
    const purchases = (await call(buyer, 'GET', `/api/sales/buyer/${buyer.user.id}`)).json<
      Purchase[]
    >();
    expect(purchases.find((p) => p.id === sale.id)).toMatchObject({ status: 'accepted' });
    for (const [who, role] of [
      [buyer, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      const list = (await call(who, 'GET', '/api/handoffs?state=reserved')).json<Handoff[]>();
      expect(list.find((h) => h.id === sale.id)).toMatchObject({
        state: 'reserved',
        role,
        price: sale.price,
        product: { id: product.id, title: 'Bicicleta reservada' },
        buyer: { id: buyer.user.id, name: buyer.user.name },
        seller: { id: seller.user.id, name: seller.user.name },
      });
    }
    const othersList = (await call(other, 'GET', '/api/handoffs')).json<Handoff[]>();
    expect(othersList.some((h) => h.id === sale.id)).toBe(false);
  });

  it('only the two parties see or act on a hand-off; admins neither', async () => {
    const { sale } = await reserve();
    await handoffAs(buyer, sale.id);
    await handoffAs(seller, sale.id);
    for (const [who, status] of [
      [null, 401],
      [other, 403],
      [admin, 403],
    ] as const) {
      expectErrorBody(await call(who, 'GET', `/api/handoffs/${sale.id}`), status);
      expectErrorBody(await confirm(who, sale.id), status);
      expectErrorBody(await cancel(who, sale.id), status);
    }
    expect((await handoffAs(buyer, sale.id)).state).toBe('reserved');
    expectErrorBody(await call(buyer, 'GET', '/api/handoffs/999999'), 404, {
      message: HANDOFF_MESSAGES.notFound,
    });
    // A pending offer is no hand-off.
    const pending = await makeOffer(ctx, buyer, await createProduct(ctx, seller), 10);
    expectErrorBody(await call(buyer, 'GET', `/api/handoffs/${pending.id}`), 404);
  });

  it("the buyer's confirmation completes it: sold for good, the seller told", async () => {
    const { product, sale } = await reserve('Lámpara');
    const res = await confirm(buyer, sale.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Handoff>()).toMatchObject({ state: 'completed', role: 'buyer' });
    expect(await productAs(other, product.id)).toMatchObject({ isSold: true, isReserved: false });
    expect(await messagesOf(seller)).toContain(
      'El comprador confirmó que recibió "Lámpara". La entrega está completada.',
    );
    // Confirming again changes nothing; cancelling is too late for either side.
    expect((await confirm(buyer, sale.id)).statusCode).toBe(200);
    expectErrorBody(await cancel(seller, sale.id), 409, { message: HANDOFF_MESSAGES.notReserved });
    expectErrorBody(await cancel(buyer, sale.id), 409);
  });

  it("the seller's confirmation completes it after 72 hours unless the buyer cancels", async () => {
    const first = await reserve('Silla');
    const second = await reserve('Mesa');
    for (const { sale } of [first, second]) {
      const res = await confirm(seller, sale.id);
      expect(res.json<Handoff>()).toMatchObject({ state: 'reserved', role: 'seller' });
      expect(res.json<Handoff>().completesAt).not.toBeNull();
    }
    expect(await messagesOf(buyer)).toContain(
      'El vendedor confirmó la entrega de "Silla". Si no la recibiste, cancélala en 72 horas; si no, se dará por completada.',
    );
    offsetMs = 71 * HOUR;
    try {
      expect((await handoffAs(buyer, first.sale.id)).state).toBe('reserved');
      // The buyer objects to the second one within the 72 hours.
      expect((await cancel(buyer, second.sale.id, { reason: 'other' })).statusCode).toBe(200);
      expect(await sweep()).toBe(0);
      offsetMs = 73 * HOUR;
      // Before the sweep has run, reads already tell it by the clock.
      const shown = await handoffAs(seller, first.sale.id);
      expect(shown.state).toBe('completed');
      expect(shown.completedAt).toBe(shown.completesAt);
      const ids = async (who: Account, state: string) =>
        (await call(who, 'GET', `/api/handoffs?state=${state}`)).json<Handoff[]>().map((h) => h.id);
      expect(await ids(buyer, 'completed')).toContain(first.sale.id);
      expect(await ids(buyer, 'reserved')).not.toContain(first.sale.id);
      expectErrorBody(await cancel(buyer, first.sale.id), 409);
      expect(await productAs(other, second.product.id)).toMatchObject({ isSold: false });

      // The sweep writes it down once: the product no longer reserved, both parties told.
      expect(await sweep()).toBe(1);
      expect(await sweep()).toBe(0);
      expect(await productAs(other, first.product.id)).toMatchObject({
        isSold: true,
        isReserved: false,
      });
      expect((await handoffAs(buyer, first.sale.id)).completedAt).toBe(shown.completedAt);
      expect(await messagesOf(buyer)).toContain(
        'Pasaron 72 horas desde que el vendedor confirmó la entrega de "Silla" y la entrega quedó completada. Ya puedes calificar al vendedor.',
      );
      expect(
        (await messagesOf(seller)).filter((m) => m.includes('"Silla"') && m.includes('quedó')),
      ).toEqual(['La entrega de "Silla" quedó completada: el comprador no la objetó en 72 horas.']);
      // Reviews are open.
      const review = await call(buyer, 'POST', '/api/reviews', {
        productId: first.product.id,
        rating: 5,
        comment: '',
      });
      expect(review.statusCode).toBe(201);
      expect(shown.isReviewed).toBe(false);
      expect((await handoffAs(seller, first.sale.id)).isReviewed).toBe(true);
    } finally {
      offsetMs = 0;
    }
  });

  it('cancelling frees the product, marks the offer cancelled, tells both, counts no-shows', async () => {
    const { product, sale } = await reserve('Guitarra');
    const res = await cancel(seller, sale.id, { reason: 'no_show', note: 'Esperé 30 minutos.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Handoff>()).toMatchObject({
      state: 'cancelled',
      cancelReason: 'no_show',
      cancelNote: 'Esperé 30 minutos.',
      cancelledById: seller.user.id,
    });
    expect(await productAs(null, product.id)).toMatchObject({ isSold: false, isReserved: false });
    const offers = (await call(seller, 'GET', `/api/sales/product/${product.id}/offers`)).json<
      Sale[]
    >();
    expect(offers.find((o) => o.id === sale.id)?.status).toBe('cancelled');
    const purchases = (await call(buyer, 'GET', `/api/sales/buyer/${buyer.user.id}`)).json<
      Purchase[]
    >();
    expect(purchases.some((p) => p.id === sale.id)).toBe(false);
    const text =
      'La entrega de "Guitarra" fue cancelada (la otra persona no se presentó). El producto vuelve a estar disponible.';
    expect(await messagesOf(buyer)).toContain(text);
    expect(await messagesOf(seller)).toContain(text);
    // No review for a hand-off that never happened.
    expectErrorBody(
      await call(buyer, 'POST', '/api/reviews', { productId: product.id, rating: 5, comment: '' }),
      403,
    );
    // The product can be offered on and sold again.
    const next = await makeOffer(ctx, other, product, 90000);
    expect((await call(seller, 'PUT', `/api/sales/${next.id}/accept`)).statusCode).toBe(200);
    // Admins see who does not show up; members do not.
    const noShows = await call(admin, 'GET', '/api/handoffs/no-shows');
    expect(noShows.statusCode).toBe(200);
    expect(noShows.json<NoShow[]>().find((n) => n.userId === buyer.user.id)?.count).toBe(1);
    expectErrorBody(await call(seller, 'GET', '/api/handoffs/no-shows'), 403);
    expectErrorBody(await call(null, 'GET', '/api/handoffs/no-shows'), 401);
  });

  it('refuses a cancellation without a valid reason, with the contract error body', async () => {
    const { sale } = await reserve();
    expectErrorBody(await call(buyer, 'POST', `/api/handoffs/${sale.id}/cancel`, {}), 400);
    expectErrorBody(await cancel(buyer, sale.id, { reason: 'bored' }), 400);
    expectErrorBody(
      await cancel(buyer, sale.id, { note: 'x'.repeat(HANDOFF_CANCEL_NOTE_MAX_LENGTH + 1) }),
      400,
      { message: HANDOFF_MESSAGES.noteTooLong },
    );
    expectErrorBody(await cancel(buyer, 0), 400);
    expect((await handoffAs(buyer, sale.id)).state).toBe('reserved');
  });

  it("a spec client's review right after the accept says the buyer received it", async () => {
    const { product, sale } = await reserve('Libro');
    const res = await call(buyer, 'POST', '/api/reviews', {
      productId: product.id,
      rating: 4,
      comment: 'Bien',
      reviewerId: buyer.user.id,
      revieweeId: seller.user.id,
    });
    expect(res.statusCode).toBe(201);
    expect((await handoffAs(seller, sale.id)).state).toBe('completed');
    expect(await productAs(null, product.id)).toMatchObject({ isSold: true, isReserved: false });
  });

  describe('races (parallel requests)', () => {
    it('two confirmations by the buyer complete it once, with one notification', async () => {
      const { sale } = await reserve('Teclado');
      const results = await Promise.all([confirm(buyer, sale.id), confirm(buyer, sale.id)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const told = (await messagesOf(seller)).filter((m) => m.includes('recibió "Teclado"'));
      expect(told).toHaveLength(1);
    });

    it('two instances sweeping at once complete an overdue hand-off once, telling each party once', async () => {
      const { sale } = await reserve('Patineta');
      expect((await confirm(seller, sale.id)).statusCode).toBe(200);
      offsetMs = 72 * HOUR + 1000;
      try {
        const counts = await Promise.all([sweep(), sweep(), sweep()]);
        expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      } finally {
        offsetMs = 0;
      }
      for (const who of [buyer, seller]) {
        const told = (await messagesOf(who)).filter(
          (m) => m.includes('"Patineta"') && m.includes('quedó completada'),
        );
        expect(told).toHaveLength(1);
      }
    });

    it('confirm versus cancel: exactly one wins and the product agrees with it', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { product, sale } = await reserve(`Monitor ${round}`);
        const [confirmed, cancelled] = await Promise.all([
          confirm(buyer, sale.id),
          cancel(seller, sale.id),
        ]);
        expect([confirmed.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
        const state = (await handoffAs(buyer, sale.id)).state;
        const shown = await productAs(null, product.id);
        if (confirmed.statusCode === 200) {
          expect(state).toBe('completed');
          expect(shown).toMatchObject({ isSold: true, isReserved: false });
        } else {
          expect(state).toBe('cancelled');
          expect(shown).toMatchObject({ isSold: false, isReserved: false });
        }
      }
    });

    it('cancel versus a new offer: the offer is taken only once the product is available', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { product, sale } = await reserve(`Mochila ${round}`);
        const [cancelled, offered] = await Promise.all([
          cancel(buyer, sale.id),
          postOffer(ctx, other, product.id, 5000),
        ]);
        expect(cancelled.statusCode).toBe(200);
        expect([201, 409]).toContain(offered.statusCode);
        const offers = (await call(seller, 'GET', `/api/sales/product/${product.id}/offers`)).json<
          Sale[]
        >();
        expect(offers.filter((o) => o.status === 'pending')).toHaveLength(
          offered.statusCode === 201 ? 1 : 0,
        );
        expect(await productAs(null, product.id)).toMatchObject({ isSold: false });
      }
    });
  });
});
