import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { acquirePgliteLock, createDatabase, type DatabaseHandle } from './client';
import { queryRows } from './rows';
import { categories, favorites, products, reviews, sales, users } from './schema';
import { DEFAULT_CATEGORIES, seedDatabase } from './seed';

/** The constraints that keep data right hold in the database itself, on both drivers. */
describe('database schema', () => {
  let handle: DatabaseHandle;
  let sellerId: number;
  let buyerId: number;
  let categoryId: number;
  beforeAll(async () => {
    handle = await createTestDatabase();
    const [seller, buyer] = await handle.db
      .insert(users)
      .values([
        { name: 'Vende', email: 'vende@uni.edu', passwordHash: 'x' },
        { name: 'Compra', email: 'compra@uni.edu', passwordHash: 'x' },
      ])
      .returning();
    sellerId = seller!.id;
    buyerId = buyer!.id;
    categoryId = (await handle.db.select().from(categories).limit(1))[0]!.id;
  });
  afterAll(() => handle.close());

  const newProduct = async (title: string, description = 'Buen estado') =>
    (
      await handle.db
        .insert(products)
        .values({
          sellerId,
          categoryId,
          title,
          description,
          price: 1000,
          condition: 'Usado',
          location: 'Campus',
        })
        .returning()
    )[0]!;

  it('migrations and seed are idempotent', async () => {
    await handle.migrate();
    await seedDatabase(handle.db);
    const rows = await handle.db.select().from(categories);
    expect(rows.map((row) => row.name)).toEqual([...DEFAULT_CATEGORIES]);
  });

  it('emails are unique regardless of case', async () => {
    await expect(
      handle.db.insert(users).values({ name: 'Dup', email: 'VENDE@uni.edu', passwordHash: 'x' }),
    ).rejects.toThrow();
  });

  it('rejects negative prices, unknown conditions and out-of-range ratings', async () => {
    await expect(
      handle.db.insert(products).values({
        sellerId,
        categoryId,
        title: 'x',
        description: 'x',
        price: -1,
        condition: 'Usado',
        location: 'x',
      }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(products).values({
        sellerId,
        categoryId,
        title: 'x',
        description: 'x',
        price: 1,
        condition: 'Roto',
        location: 'x',
      }),
    ).rejects.toThrow();
    const product = await newProduct('Lámpara');
    for (const rating of [0, 6]) {
      await expect(
        handle.db
          .insert(reviews)
          .values({ rating, productId: product.id, reviewerId: buyerId, revieweeId: sellerId }),
      ).rejects.toThrow();
    }
    await handle.db
      .insert(reviews)
      .values({ rating: 5, productId: product.id, reviewerId: buyerId, revieweeId: sellerId });
    await expect(
      handle.db
        .insert(reviews)
        .values({ rating: 4, productId: product.id, reviewerId: buyerId, revieweeId: sellerId }),
    ).rejects.toThrow();
  });

  it('one favourite per user and product; one accepted sale per product', async () => {
    const product = await newProduct('Silla ergonómica');
    await handle.db.insert(favorites).values({ userId: buyerId, productId: product.id });
    await expect(
      handle.db.insert(favorites).values({ userId: buyerId, productId: product.id }),
    ).rejects.toThrow();
    await handle.db.insert(sales).values([
      { productId: product.id, buyerId, price: 900, status: 'accepted' },
      { productId: product.id, buyerId, price: 800, status: 'pending' },
      { productId: product.id, buyerId, price: 700, status: 'rejected' },
    ]);
    await expect(
      handle.db
        .insert(sales)
        .values({ productId: product.id, buyerId, price: 950, status: 'accepted' }),
    ).rejects.toThrow();
  });

  it('full-text search is Spanish, stemmed and accent-insensitive; trigrams match partial words', async () => {
    await newProduct('Libro de Cálculo Diferencial', 'Apuntes de matemáticas');
    await newProduct('Bicicleta de montaña', 'Rines 29, frenos de disco');
    const search = (query: string) =>
      queryRows<{ title: string }>(
        handle.db,
        sql`select title from products where search @@ websearch_to_tsquery('unimercado_es', ${query}) order by id`,
      );
    expect((await search('calculo')).map((r) => r.title)).toEqual(['Libro de Cálculo Diferencial']);
    expect((await search('libros cálculos')).map((r) => r.title)).toEqual([
      'Libro de Cálculo Diferencial',
    ]);
    expect((await search('MONTANA')).map((r) => r.title)).toEqual(['Bicicleta de montaña']);
    expect((await search('matematica')).map((r) => r.title)).toEqual([
      'Libro de Cálculo Diferencial',
    ]);
    const partial = await queryRows<{ title: string }>(
      handle.db,
      sql`select title from products where title ilike ${'%bicic%'} or similarity(title, ${'bicicleta'}) > 0.3`,
    );
    expect(partial.map((r) => r.title)).toContain('Bicicleta de montaña');
  });
});

describe('embedded database lock', () => {
  it('refuses a second live process on the same data dir and takes over stale locks', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'um-lock-')), 'pglite');
    // PID 1 is always alive: another process holds the lock.
    writeFileSync(`${dir}.pid`, '1');
    expect(() => acquirePgliteLock(dir)).toThrow(/ya está en uso/);
    // A pid that cannot exist is a stale lock.
    writeFileSync(`${dir}.pid`, '999999999');
    const release = acquirePgliteLock(dir);
    expect(existsSync(`${dir}.pid`)).toBe(true);
    release();
    expect(existsSync(`${dir}.pid`)).toBe(false);
  });
});

describe('embedded database on disk', () => {
  it('keeps every row across a restart and migrates again without changes', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'um-persist-'));
    const dataDir = path.join(root, 'pglite');
    try {
      const first = await createDatabase({ dataDir });
      await first.migrate();
      await seedDatabase(first.db, { adminEmails: [] });
      await first.db
        .insert(users)
        .values({ name: 'Persiste', email: 'persiste@uni.edu', passwordHash: 'x' });
      const categoriesBefore = await first.db.select().from(categories);
      await first.close();

      const second = await createDatabase({ dataDir });
      await second.migrate();
      await seedDatabase(second.db, { adminEmails: [] });
      const stored = await second.db
        .select()
        .from(users)
        .where(sql`${users.email} = 'persiste@uni.edu'`);
      expect(stored.map((u) => u.name)).toEqual(['Persiste']);
      expect(await second.db.select().from(categories)).toEqual(categoriesBefore);
      await second.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    // Opens an on-disk PGlite twice and runs every migration: ≈9 s on a quiet machine, up to 30 s
    // when the two cores are shared.
  }, 60_000);
});
