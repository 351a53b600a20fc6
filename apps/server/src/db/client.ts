import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config/paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** One Drizzle type for both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the checked-in migrations (idempotent; serialised across instances on PostgreSQL
   * with an advisory lock held on its own connection, so the pool needs at least two). Tests of
   * an upgrade pass a folder holding the migrations up to the one before it. */
  migrate: (migrationsFolder?: string) => Promise<void>;
  /** Cheap round trip for readiness checks. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL only: the pool's connections (the metrics); PGlite has one, and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: the data dir as a tarball (tests clone a migrated template from it). */
  dump?: () => Promise<Blob>;
};

export const PGLITE_EXTENSIONS = { unaccent, pg_trgm, btree_gin };

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  /** `dataDir` undefined = in memory; `loadDataDir` clones a dumped template (tests). */
  | { dataDir: string | undefined; loadDataDir?: Blob };

const MIGRATION_LOCK_ID = 7_421_337;

export const isProcessAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is single-process: two processes on one data dir would corrupt it. A pid file refuses a
 * second opener while the first is alive (a stale file from a crash is taken over).
 */
export const acquirePgliteLock = (dataDir: string) => {
  const file = `${dataDir}.pid`;
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid)) {
      throw new Error(
        `La base de datos embebida en ${dataDir} ya está en uso por el proceso ${pid}. ` +
          'Detén esa instancia o usa DATABASE_URL (PostgreSQL) para varias instancias.',
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  };
};

export const openPglite = async (dataDir: string | undefined, loadDataDir?: Blob) => {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
};

export const createDatabase = async (options: DatabaseOptions): Promise<DatabaseHandle> => {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that errors (e.g. the server restarts) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migrateNodePg(db, { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
    };
  }
  const release = options.dataDir ? acquirePgliteLock(options.dataDir) : () => undefined;
  let client: PGlite;
  try {
    client = await openPglite(options.dataDir, options.loadDataDir);
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: (migrationsFolder = MIGRATIONS_DIR) => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      release();
    },
    dump: () => client.dumpDataDir('none'),
  };
};
