import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { findCategory, listCategories, listCategoriesJson } from './categories.service';

/** A database whose category query counts how often it really runs (Drizzle queries are thenables). */
const countingDatabase = ({ failFirst = false } = {}) => {
  const counter = { runs: 0 };
  const rows = [
    { id: 1, name: 'Libros y apuntes' },
    { id: 2, name: 'Electrónica' },
  ];
  const query = {
    then: (resolve: (value: typeof rows) => unknown, reject: (error: unknown) => unknown) => {
      counter.runs += 1;
      const answer =
        failFirst && counter.runs === 1 ? Promise.reject(new Error('down')) : Promise.resolve(rows);
      return answer.then(resolve, reject);
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

describe('a failed read of the categories', () => {
  it('is not kept: the next read asks the database again', async () => {
    const { db, counter } = countingDatabase({ failFirst: true });
    await expect(listCategories(db)).rejects.toThrow('down');
    expect(await listCategories(db)).toHaveLength(2);
    expect(await listCategoriesJson(db)).toBe(JSON.stringify(await listCategories(db)));
    expect(counter.runs).toBe(2);
  });
});
