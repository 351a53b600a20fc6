import {
  MEETUP_MESSAGES,
  type MeetupSpot,
  type MeetupSpotBody,
} from '@unimercado/shared/schemas/meetups';
import type { Product } from '@unimercado/shared/schemas/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import { callAs, createTradeCast, expectErrorBody, sellTo } from '../../test/trade';

const spotBody = (name: string, extra: Partial<MeetupSpotBody> = {}): MeetupSpotBody => ({
  name,
  area: 'Edificio de ingeniería',
  openingHours: 'Lunes a viernes, 7:00 a. m. a 6:00 p. m.',
  description: 'Frente a la portería.',
  ...extra,
});

describe('meet-up spots (decision 082)', () => {
  let ctx: TestContext;
  let seller: Account;
  let buyer: Account;
  let other: Account;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ seller, buyer, other, admin } = await createTradeCast(ctx));
  });
  afterAll(() => ctx.close());

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
    callAs(ctx, ...args);
  const createSpot = async (name: string, extra: Partial<MeetupSpotBody> = {}) => {
    const res = await call(admin, 'POST', '/api/meetup-spots', spotBody(name, extra));
    expect(res.statusCode).toBe(201);
    return res.json<MeetupSpot>();
  };
  const listAs = async (who: Account | null, query = '') => {
    const res = await call(who, 'GET', `/api/meetup-spots${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<MeetupSpot[]>();
  };

  it('a first run has a default list anyone can read, by name', async () => {
    const spots = await listAs(null);
    expect(spots.length).toBeGreaterThanOrEqual(5);
    expect(spots.map((s) => s.name)).toContain('Entrada de la biblioteca central');
    const names = spots.map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(spots.every((s) => s.isActive)).toBe(true);
  });

  it('admins create, change and deactivate spots; inactive ones are for admins only', async () => {
    const spot = await createSpot('Kiosco del lago', { latitude: 4.6381, longitude: -74.0836 });
    expect(spot).toMatchObject({ name: 'Kiosco del lago', latitude: 4.6381, isActive: true });
    const res = await call(admin, 'PUT', `/api/meetup-spots/${spot.id}`, {
      ...spotBody('Kiosco del lago'),
      openingHours: 'Todos los días',
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<MeetupSpot>()).toMatchObject({
      openingHours: 'Todos los días',
      isActive: false,
    });
    // Coordinates are optional: the change left them out, so they are gone.
    expect(res.json<MeetupSpot>().latitude).toBeNull();
    expect((await listAs(null)).some((s) => s.id === spot.id)).toBe(false);
    // A member asking for the inactive ones still sees only active spots.
    expect((await listAs(other, '?includeInactive=true')).some((s) => s.id === spot.id)).toBe(
      false,
    );
    expect(
      (await listAs(admin, '?includeInactive=true')).find((s) => s.id === spot.id),
    ).toMatchObject({ isActive: false });
  });

  it('members, anonymous callers and the spot list itself cannot be changed by non-admins', async () => {
    const spot = await createSpot('Cancha múltiple');
    for (const [who, status] of [
      [null, 401],
      [seller, 403],
      [other, 403],
    ] as const) {
      expectErrorBody(await call(who, 'POST', '/api/meetup-spots', spotBody('Intruso')), status);
      expectErrorBody(
        await call(who, 'PUT', `/api/meetup-spots/${spot.id}`, spotBody('Cambiado')),
        status,
      );
      expectErrorBody(await call(who, 'DELETE', `/api/meetup-spots/${spot.id}`), status);
    }
    expect((await listAs(null)).find((s) => s.id === spot.id)?.name).toBe('Cancha múltiple');
    expect((await listAs(null, '?includeInactive=true')).every((s) => s.isActive)).toBe(true);
  });

  it('bad input is refused with a Spanish message and changes nothing', async () => {
    expectErrorBody(await call(admin, 'POST', '/api/meetup-spots', spotBody('')), 400, {
      message: MEETUP_MESSAGES.nameRequired,
    });
    expectErrorBody(
      await call(admin, 'POST', '/api/meetup-spots', spotBody('Sin longitud', { latitude: 4.6 })),
      400,
      { message: MEETUP_MESSAGES.coordinatesPair },
    );
    expectErrorBody(await call(admin, 'POST', '/api/meetup-spots', spotBody('x'.repeat(81))), 400, {
      message: MEETUP_MESSAGES.nameTooLong,
    });
    await createSpot('Auditorio');
    expectErrorBody(await call(admin, 'POST', '/api/meetup-spots', spotBody('AUDITORIO')), 409, {
      message: MEETUP_MESSAGES.nameTaken,
    });
    expectErrorBody(await call(admin, 'PUT', '/api/meetup-spots/999999', spotBody('Nada')), 404);
    expectErrorBody(await call(admin, 'DELETE', '/api/meetup-spots/999999'), 404);
    expect((await listAs(null)).filter((s) => s.name.toLowerCase() === 'auditorio')).toHaveLength(
      1,
    );
  });

  it('deleting an unused spot removes it; one a listing names is deactivated instead', async () => {
    const unused = await createSpot('Parqueadero norte');
    const removed = await call(admin, 'DELETE', `/api/meetup-spots/${unused.id}`);
    expect(removed.json()).toEqual({ deleted: true, spot: null });
    expect((await listAs(admin, '?includeInactive=true')).some((s) => s.id === unused.id)).toBe(
      false,
    );

    const used = await createSpot('Plaza central');
    await createProduct(ctx, seller, { title: 'Mesa', meetupSpotIds: [used.id] });
    const res = await call(admin, 'DELETE', `/api/meetup-spots/${used.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: false, spot: { id: used.id, isActive: false } });
  });

  it('a seller marks spots on a listing; buyers see the active ones on the product page', async () => {
    const [a, b] = [
      await createSpot('Cafetería de artes'),
      await createSpot('Biblioteca de salud'),
    ];
    const product = await createProduct(ctx, seller, {
      title: 'Libro de anatomía',
      meetupSpotIds: [a.id, b.id, a.id],
    });
    const seen = (await call(buyer, 'GET', `/api/products/${product.id}`)).json<Product>();
    expect(seen.meetupSpots?.map((s) => s.name)).toEqual([
      'Biblioteca de salud',
      'Cafetería de artes',
    ]);
    // An edit without the field keeps them; with it, the list is replaced.
    await call(seller, 'PUT', `/api/products/${product.id}`, { price: 90000 });
    const edited = await call(seller, 'PUT', `/api/products/${product.id}`, {
      meetupSpotIds: [b.id],
    });
    expect(edited.json<Product>().meetupSpots?.map((s) => s.id)).toEqual([b.id]);
    // An inactive spot cannot be chosen, and is no longer shown.
    await call(admin, 'PUT', `/api/meetup-spots/${b.id}`, { ...spotBody(b.name), isActive: false });
    expectErrorBody(
      await call(seller, 'PUT', `/api/products/${product.id}`, { meetupSpotIds: [a.id, 999999] }),
      400,
      { message: MEETUP_MESSAGES.spotUnavailable },
    );
    const after = (await call(null, 'GET', `/api/products/${product.id}`)).json<Product>();
    expect(after.meetupSpots).toEqual([]);
    // A spec client's body never mentions spots and is unaffected.
    const sold = await createProduct(ctx, seller, { title: 'Regla' });
    await sellTo(ctx, seller, buyer, sold);
    expect(
      (await call(null, 'GET', `/api/products/${sold.id}`)).json<Product>().meetupSpots,
    ).toEqual([]);
  });
});
