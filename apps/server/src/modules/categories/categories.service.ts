import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories } from '../../db/schema';

/** A short, seeded list: returned whole, in seed order. */
export const listCategories = (db: Database) =>
  db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.id));
