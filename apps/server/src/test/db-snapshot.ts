import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { queryRows } from '../db/rows';

/**
 * Row count and checksum of every table of the app's schema: two snapshots equal means no row was
 * added, removed or changed in between (the fuzz test's "the database unchanged").
 */
export const snapshotDatabase = async (database: DatabaseHandle) => {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ count: number; checksum: string | null }>(
      database.db,
      sql.raw(
        `select count(*)::int as count, md5(string_agg(md5(t::text), '' order by md5(t::text))) as checksum from "${name}" t`,
      ),
    );
    snapshot[name] = `${row!.count} rows, ${row!.checksum ?? 'empty'}`;
  }
  return snapshot;
};
