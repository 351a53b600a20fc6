import type { Category } from '@unimercado/shared/schemas/categories';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories } from '../../db/schema';

/**
 * Categories are seeded at start-up and no call changes them, so each instance keeps the list in
 * memory: `GET /api/categories` and the products' category checks need no database round trip.
 * The short refresh picks up categories a newer deployment's seed added meanwhile.
 */
const REFRESH_MS = 5 * 60_000;

type Cached = { loadedAt: number; list: Promise<Category[]>; json?: Promise<string> };
const cache = new WeakMap<Database, Cached>();

/** A real promise: a Drizzle query is a thenable that runs again each time it is awaited. */
const loadCategories = async (db: Database): Promise<Category[]> =>
  db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.id));

/** A short, seeded list: returned whole, in seed order. */
export const listCategories = (db: Database): Promise<Category[]> => {
  const cached = cache.get(db);
  const now = performance.now();
  if (cached && now - cached.loadedAt < REFRESH_MS) return cached.list;
  const list = loadCategories(db);
  cache.set(db, { loadedAt: now, list });
  // A failed load is not kept: the next call tries again.
  list.catch(() => {
    if (cache.get(db)?.list === list) cache.delete(db);
  });
  return list;
};

export const findCategory = async (db: Database, id: number) =>
  (await listCategories(db)).find((category) => category.id === id);

/**
 * The list as the JSON `GET /api/categories` answers, made once per loaded list (same cache
 * entry): the busiest public read skips serializing on every request.
 */
export const listCategoriesJson = (db: Database): Promise<string> => {
  const list = listCategories(db);
  const cached = cache.get(db);
  if (cached?.list !== list) return list.then((categories) => JSON.stringify(categories));
  cached.json ??= list.then((categories) => JSON.stringify(categories));
  return cached.json;
};
