import type { Category } from '@unimercado/shared/schemas/categories';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories } from '../../db/schema';
import { createCache, type Cache } from '../../lib/cache';

/**
 * Categories are seeded at start-up and no call changes them (so no event announces a change),
 * so each instance keeps the list in memory: `GET /api/categories` and the products' category
 * checks need no database round trip. The short time to live picks up categories a newer
 * deployment's seed added meanwhile.
 */
const REFRESH_MS = 5 * 60_000;

/** The list, and the JSON `GET /api/categories` answers, made once per load. */
type CategoryList = { list: Category[]; json: string };

/** One cache per database (an app has one; tests run several in a process). */
const caches = new WeakMap<Database, Cache<CategoryList>>();

const loadCategories = (db: Database): Promise<CategoryList> => {
  let cache = caches.get(db);
  if (!cache) {
    cache = createCache<CategoryList>({ name: 'categories', ttlMs: REFRESH_MS, maxEntries: 1 });
    caches.set(db, cache);
  }
  return cache.load('all', async () => {
    const list = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.id));
    return { list, json: JSON.stringify(list) };
  });
};

/** A short, seeded list: returned whole, in seed order. */
export const listCategories = async (db: Database): Promise<Category[]> =>
  (await loadCategories(db)).list;

export const findCategory = async (db: Database, id: number) =>
  (await listCategories(db)).find((category) => category.id === id);

/**
 * The list as the JSON `GET /api/categories` answers: the busiest public read skips serializing
 * on every request.
 */
export const listCategoriesJson = async (db: Database): Promise<string> =>
  (await loadCategories(db)).json;
