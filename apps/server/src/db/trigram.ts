import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';

/** pg_trgm's default `pg_trgm.similarity_threshold`: what its `%` operator compares against. */
export const TRIGRAM_THRESHOLD = 0.3;

/**
 * `a % b`: the two texts share enough trigrams (decision 103). On PostgreSQL it is the operator,
 * which the trigram indexes serve. On the embedded database the operator is spelt as the
 * `similarity()` it stands for: PGlite 0.5's pg_trgm `%` at random leaves the backend wedged
 * (resources left open, then the next statement spins forever), while `similarity()` does not.
 * Same rows, without the index, which the embedded database's small tables do not miss.
 */
export const trigramSimilar = (db: Database, a: SQL, b: SQL) =>
  (db as { $client?: unknown }).$client instanceof PGlite
    ? sql`similarity(${a}, ${b}) >= ${TRIGRAM_THRESHOLD}`
    : sql`${a} % ${b}`;
