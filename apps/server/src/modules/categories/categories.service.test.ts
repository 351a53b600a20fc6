import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { findCategory, listCategories, listCategoriesJson } from './categories.service';

/** A database whose category query counts how often it really runs (Drizzle queries are thenables). */
const countingDatabase = () => {
  const counter = { runs: 0 };
  const rows = [
    { id: 1, name: 'Libros y apuntes' },
    { id: 2, name: 'Electrónica' },
  ];
  const query = {
    then: (resolve: (value: typeof rows) => unknown, reject: (error: unknown) => unknown) => {
      counter.runs += 1;
      return Promise.resolve(rows).then(resolve, reject);
    },
  };
  const db = { select: () => ({ from: () => ({ orderBy: () => query }) }) } as unknown as Database;
  return { db, counter };
};

describe('categories from memory', () => {
  it('asks the database once, however often they are read', async () => {
    const { db, counter } = countingDatabase();
    expect(await listCategories(db)).toHaveLength(2);
    await listCategories(db);
    expect(await findCategory(db, 2)).toEqual({ id: 2, name: 'Electrónica' });
    expect(await findCategory(db, 9)).toBeUndefined();
    const json = await listCategoriesJson(db);
    expect(JSON.parse(json)).toEqual(await listCategories(db));
    expect(await listCategoriesJson(db)).toBe(json);
    expect(counter.runs).toBe(1);
  });
});
