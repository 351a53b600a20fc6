import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../config/paths';
import { createEmptyTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { queryRows } from './rows';

type Journal = { entries: { idx: number; tag: string; when: number }[] };

it('dates every migration after the one before it, so an upgraded database gets each one', async () => {
  // Drizzle's migrator applies only the migrations dated after the last one a database has: one
  // dated earlier than its predecessor is skipped on a database that already had that one.
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const late = journal.entries.filter(
    (entry, index) => index > 0 && entry.when <= journal.entries[index - 1]!.when,
  );
  expect(late.map((entry) => entry.tag)).toEqual([]);
});

/** A copy of the checked-in migrations that stops just before `tag`. */
const migrationsBefore = async (tag: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'um-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  await writeFile(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return dir;
};

/** Upgrades keep what users had, on both drivers. */
describe('migration 0009_one-verified-fact (decision 037)', () => {
  let handle: DatabaseHandle;
  let before: string;
  beforeAll(async () => {
    handle = await createEmptyTestDatabase();
    before = await migrationsBefore('0009_one-verified-fact');
  });
  afterAll(async () => {
    await handle.close();
    await rm(before, { recursive: true, force: true });
  });

  it('keeps every verified account verified and drops the second column', async () => {
    await handle.migrate(before);
    // Verified by both columns, by the current-address column alone (the demo seed), by the
    // first-verification column alone (verified once, then moved to an unproved address), none.
    await handle.db.execute(sql`
      insert into users (name, email, password_hash, email_verified_at, first_verified_at) values
        ('Ambas', 'ambas@uni.edu', 'x', now(), now()),
        ('Demo', 'demo@uni.edu', 'x', now(), null),
        ('Mudada', 'mudada@uni.edu', 'x', null, now()),
        ('Pendiente', 'pendiente@uni.edu', 'x', null, null)`);

    await handle.migrate();

    const rows = await queryRows<{ name: string; verified: boolean }>(
      handle.db,
      sql`select name, email_verified_at is not null as verified from users order by id`,
    );
    expect(rows).toEqual([
      { name: 'Ambas', verified: true },
      { name: 'Demo', verified: true },
      // Its current address was never proved (the profile already said so).
      { name: 'Mudada', verified: false },
      { name: 'Pendiente', verified: false },
    ]);
    const columns = await queryRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns
          where table_name = 'users' and column_name like '%verified%'`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(['email_verified_at']);
  });
});
