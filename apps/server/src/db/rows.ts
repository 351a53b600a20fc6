import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** Raw SQL rows; both drivers (pg and PGlite) answer `{ rows }`. */
export const queryRows = async <T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> => {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
};

/** Whether `table` has a row matching `where` (it stops at the first one). */
export const hasRows = async (db: Pick<Database, 'select'>, table: PgTable, where: SQL) => {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
};

/** A json column as the drivers answer it: node-postgres parses it, PGlite may hand over text. */
export const jsonColumn = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
