import { readdir } from 'node:fs/promises';
import type { Product } from '@unimercado/shared/schemas/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../plugins/storage';
import { countRows, createTestApp, login, type TestContext } from '../test/helpers';
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
});
