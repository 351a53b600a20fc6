import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Raw SQL rows; both drivers (pg and PGlite) answer `{ rows }`. */
export const queryRows = async <T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};
