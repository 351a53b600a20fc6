import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Raw SQL rows; both drivers (pg and PGlite) answer `{ rows }`. */
export const queryRows = async <T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> => {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
};
