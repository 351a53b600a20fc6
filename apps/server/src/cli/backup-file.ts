import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { devSecretFile, vapidKeysFile } from '../config/env';
import { MIGRATIONS_DIR } from '../config/paths';
import type { Database, DatabaseHandle } from '../db/client';
import { queryRows } from '../db/rows';
import type { Tx } from '../db/tx';
import { isValidStorageKey, uploadsDir } from '../plugins/storage';

/**
 * One backup file (decision 060) for both databases: a gzip of text lines `kind TAB name TAB
 * payload`, written by SQL through the app's own connection, so it needs no pg_dump and a
 * backup of the embedded database restores into PostgreSQL and back.
 *
 * - `header`: format, version, time, driver, and the migrations the database had.
 * - `rows`: a batch of one table's rows as PostgreSQL's own JSON (`to_jsonb`), copied as text
 *   both ways (numbers keep every digit), tables in foreign-key order, generated columns left
 *   out (the database makes them again).
 * - `sequence`: where each id sequence stood.
 * - `file`: a photo of the disk storage (`DATA_DIR/uploads`), base64; `secret`: a file the app
 *   generated into the data dir (the JWT secret, the web-push VAPID keys the browsers'
 *   subscriptions are bound to).
 * - `end`: the counts; a file without it is refused (cut short).
 *
 * Every table is read in one read-only, repeatable-read transaction: one consistent snapshot,
 * and instances may keep serving on PostgreSQL meanwhile.
 */
export const BACKUP_FORMAT = 'unimercado-backup';
export const BACKUP_VERSION = 1;

type Kind = 'header' | 'rows' | 'sequence' | 'file' | 'secret' | 'end';

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  driver: DatabaseHandle['driver'];
  /** The `when` of every migration applied to the database, oldest first (drizzle's journal). */
  migrations: number[];
};

export type BackupCounts = { tables: number; rows: number; files: number; secrets: number };

/** The counts as the commands print them. */
export const describeCounts = (counts: BackupCounts) =>
  `${counts.rows} filas de ${counts.tables} tablas, ${counts.files} archivos de fotos en disco` +
  (counts.secrets > 0
    ? ` y ${counts.secrets} ${counts.secrets === 1 ? 'clave generada' : 'claves generadas'} (JWT, notificaciones push)`
    : ', sin claves generadas');

/** A refusal meant for the operator: its message is printed as it is (Spanish). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Rows fetched per round trip, and the most bytes of rows one line holds. */
const FETCH_ROWS = 200;
const LINE_BYTES = 4 * 1024 * 1024;
/** The generated files of a data dir a backup carries, by the name they have in it. */
const SECRET_FILES: Record<string, (dataDir: string) => string> = {
  'jwt-secret': devSecretFile,
  'vapid-keys.json': vapidKeysFile,
};
const secretFile = (name: string, dataDir: string) => {
  const file = Object.hasOwn(SECRET_FILES, name) ? SECRET_FILES[name] : undefined;
  if (!file) throw new Error(`unknown secret ${name}`);
  return file(dataDir);
};

const line = (kind: Kind, name: string, payload: string) => `${kind}\t${name}\t${payload}\n`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

type TableInfo = { name: string; columns: string[]; dependsOn: string[] };

/** The app's tables (schema public), each with its stored columns and the tables it refers to. */
const readTables = async (db: Database | Tx): Promise<TableInfo[]> =>
  queryRows<TableInfo>(
    db,
    sql`select c.relname as name,
      array(select a.attname::text from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum) as columns,
      array(select distinct r.relname::text from pg_constraint k join pg_class r on r.oid = k.confrelid
        where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid) as "dependsOn"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`,
  );

/** Referenced tables first, so rows can be inserted in file order. */
const inDependencyOrder = (tables: TableInfo[]) => {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableInfo[] = [];
  const seen = new Set<string>();
  const visit = (table: TableInfo, path: string[]) => {
    if (seen.has(table.name)) return;
    if (path.includes(table.name)) {
      throw new Error(`foreign keys form a cycle: ${[...path, table.name].join(' -> ')}`);
    }
    for (const name of table.dependsOn) {
      const other = byName.get(name);
      if (other) visit(other, [...path, table.name]);
    }
    seen.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
};

/** The migrations the database had (drizzle's table), by their journal time. */
const readMigrations = async (db: Database | Tx) => {
  const [exists] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists?.found) return [];
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((row) => Number(row.created_at));
};

/** Every photo file under the disk storage, as storage keys (stray or half-written files skipped). */
const listPhotoKeys = async (root: string): Promise<string[]> => {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .filter(isValidStorageKey)
    .sort();
};

async function* backupLines(
  tx: Tx,
  driver: DatabaseHandle['driver'],
  dataDir: string,
  counts: BackupCounts,
  now: Date,
): AsyncGenerator<string> {
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    driver,
    migrations: await readMigrations(tx),
  };
  yield line('header', '-', JSON.stringify(header));

  for (const table of inDependencyOrder(await readTables(tx))) {
    const rowsBefore = counts.rows;
    const cursor = `backup_${randomBytes(4).toString('hex')}`;
    const columns = table.columns.map(quoteIdent).join(', ');
    await tx.execute(
      sql.raw(
        `declare ${cursor} no scroll cursor for select to_jsonb(r)::text as row from (select ${columns} from ${quoteIdent(table.name)}) r`,
      ),
    );
    let batch: string[] = [];
    let bytes = 0;
    for (;;) {
      const rows = await queryRows<{ row: string }>(
        tx,
        sql.raw(`fetch ${FETCH_ROWS} from ${cursor}`),
      );
      for (const { row } of rows) {
        batch.push(row);
        bytes += row.length;
        counts.rows += 1;
        if (bytes >= LINE_BYTES) {
          yield line('rows', table.name, `[${batch.join(',')}]`);
          batch = [];
          bytes = 0;
        }
      }
      if (rows.length < FETCH_ROWS) break;
    }
    if (batch.length > 0) yield line('rows', table.name, `[${batch.join(',')}]`);
    await tx.execute(sql.raw(`close ${cursor}`));
    // Tables with rows, as a restore counts them.
    if (counts.rows > rowsBefore) counts.tables += 1;
  }

  const sequences = await queryRows<{ name: string; last_value: string | number | null }>(
    tx,
    sql`select sequencename as name, last_value from pg_sequences where schemaname = 'public'
      order by sequencename`,
  );
  for (const sequence of sequences) {
    if (sequence.last_value === null) continue;
    yield line('sequence', sequence.name, JSON.stringify(String(sequence.last_value)));
  }

  const root = uploadsDir(dataDir);
  for (const key of await listPhotoKeys(root)) {
    const data = await readFile(path.join(root, ...key.split('/')));
    counts.files += 1;
    yield line('file', key, data.toString('base64'));
  }
  for (const name of Object.keys(SECRET_FILES)) {
    const secret = await readFile(secretFile(name, dataDir)).catch(() => undefined);
    if (secret) {
      counts.secrets += 1;
      yield line('secret', name, secret.toString('base64'));
    }
  }
  yield line('end', '-', JSON.stringify(counts));
}

/**
 * Writes the backup of `database` and of `dataDir`'s photos and secret to `file` (a new file:
 * written aside and renamed, so a backup cut short never looks finished).
 */
export const createBackup = async (options: {
  database: DatabaseHandle;
  dataDir: string;
  file: string;
  now?: Date;
}): Promise<BackupCounts> => {
  const { database, dataDir, file } = options;
  if (await stat(file).catch(() => undefined)) {
    throw new BackupError(`Ya existe ${file}: elige otro nombre (una copia nunca se sobrescribe).`);
  }
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const counts: BackupCounts = { tables: 0, rows: 0, files: 0, secrets: 0 };
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await pipeline(
        Readable.from(backupLines(tx, database.driver, dataDir, counts, options.now ?? new Date())),
        createGzip(),
        createWriteStream(partial, { mode: 0o600 }),
      );
    });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return counts;
};

type Entry = { kind: Kind; name: string; payload: string };

/** The file's lines, parsed; a damaged or cut file throws BackupError. */
async function* readEntries(file: string): AsyncGenerator<Entry> {
  const gunzip = createGunzip();
  let streamError: Error | undefined;
  const piping = pipeline(createReadStream(file), gunzip).catch((error: Error) => {
    streamError = error;
  });
  const lines = createInterface({ input: gunzip, crlfDelay: Infinity });
  let isFirst = true;
  for await (const text of lines) {
    const first = text.indexOf('\t');
    const second = text.indexOf('\t', first + 1);
    const kind = text.slice(0, first) as Kind;
    if (first < 0 || second < 0 || (isFirst && kind !== 'header')) {
      throw new BackupError(`${file} no es una copia de seguridad de UniMercado.`);
    }
    isFirst = false;
    yield { kind, name: text.slice(first + 1, second), payload: text.slice(second + 1) };
  }
  await piping;
  if (streamError) {
    throw new BackupError(
      `${file} está dañado, incompleto o no es una copia de seguridad (${streamError.message}); no se restauró nada.`,
    );
  }
}

const KINDS = new Set<Kind>(['header', 'rows', 'sequence', 'file', 'secret', 'end']);

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  driver: z.enum(['pglite', 'postgres']),
  migrations: z.array(z.number().int()),
});
const countsSchema = z.object({
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  secrets: z.number().int(),
});
const rowsSchema = z.array(z.record(z.string(), z.unknown()));
/** Table and sequence names as the schema writes them. */
const SQL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Reads the whole file once before anything is written: its header, that every line is whole
 * and that it ends with its counts. Answers the header.
 */
export const assertBackupFileExists = async (file: string) => {
  if (!(await stat(file).catch(() => undefined))?.isFile()) {
    throw new BackupError(`No existe el archivo ${file}.`);
  }
};

const checkBackupFile = async (file: string): Promise<BackupHeader> => {
  await assertBackupFileExists(file);
  let header: BackupHeader | undefined;
  let end: BackupCounts | undefined;
  const seen: BackupCounts = { tables: 0, rows: 0, files: 0, secrets: 0 };
  try {
    for await (const entry of readEntries(file)) {
      if (!KINDS.has(entry.kind) || end || (header && entry.kind === 'header')) {
        throw new Error(`unexpected line ${entry.kind}`);
      }
      if (entry.kind === 'header') {
        const { version } = z.object({ version: z.number() }).parse(JSON.parse(entry.payload));
        if (version !== BACKUP_VERSION) {
          throw new BackupError(
            `La copia usa el formato ${version} y esta versión lee el ${BACKUP_VERSION}.`,
          );
        }
        header = headerSchema.parse(JSON.parse(entry.payload));
      } else if (entry.kind === 'rows') {
        if (!SQL_NAME.test(entry.name)) throw new Error(`bad table name ${entry.name}`);
        // Parsed to count its rows and to know it is whole; the database parses it again.
        seen.rows += rowsSchema.parse(JSON.parse(entry.payload)).length;
      } else if (entry.kind === 'sequence') {
        if (!SQL_NAME.test(entry.name)) throw new Error(`bad sequence name ${entry.name}`);
        z.string().regex(/^\d+$/).parse(JSON.parse(entry.payload));
      } else if (entry.kind === 'file') {
        if (!isValidStorageKey(entry.name)) throw new Error(`bad photo key ${entry.name}`);
        seen.files += 1;
      } else if (entry.kind === 'secret') {
        secretFile(entry.name, '.');
        seen.secrets += 1;
      } else if (entry.kind === 'end') {
        end = countsSchema.parse(JSON.parse(entry.payload));
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const detail = error instanceof z.ZodError ? 'contenido inesperado' : (error as Error).message;
    throw new BackupError(
      `${file} está dañado, incompleto o no es una copia de seguridad de UniMercado (${detail}); no se restauró nada.`,
    );
  }
  if (!header) throw new BackupError(`${file} no es una copia de seguridad de UniMercado.`);
  if (!end || end.rows !== seen.rows || end.files !== seen.files) {
    throw new BackupError(
      `${file} está incompleto (la copia se cortó antes de terminar); no se restauró nada.`,
    );
  }
  return header;
};

type Journal = { entries: { idx: number; when: number; tag: string }[] };

/**
 * A migrations folder holding only the first `count` migrations of this version, so the backup's
 * rows load into the schema they were taken from; the newer migrations run after them.
 */
export const migrationsUpTo = async (count: number) => {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  if (count === journal.entries.length) {
    return { folder: MIGRATIONS_DIR, cleanup: () => Promise.resolve() };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'um-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, count);
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const entry of entries) {
    await copyFile(
      path.join(MIGRATIONS_DIR, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return { folder, cleanup: () => rm(folder, { recursive: true, force: true }) };
};

/** The backup's migrations must be this version's first ones (a newer backup cannot load). */
const checkMigrations = async (header: BackupHeader) => {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const known = journal.entries.map((entry) => entry.when);
  const isPrefix =
    header.migrations.length <= known.length &&
    header.migrations.every((when, index) => known[index] === when);
  if (!isPrefix) {
    throw new BackupError(
      'La copia es de una versión de UniMercado más nueva (o distinta) que esta: restáurala con esa versión o una posterior.',
    );
  }
};

/** What makes a target not empty, in the operator's words; empty list = empty. */
const findExistingData = async (database: DatabaseHandle, dataDir: string) => {
  const found: string[] = [];
  const [tables] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  if ((tables?.count ?? 0) > 0 || (await readMigrations(database.db)).length > 0) {
    found.push(
      database.driver === 'pglite'
        ? `la base de datos embebida en ${path.join(dataDir, 'pglite')} ya tiene tablas`
        : 'la base de datos de DATABASE_URL ya tiene tablas',
    );
  }
  if ((await listPhotoKeys(uploadsDir(dataDir))).length > 0) {
    found.push(`${uploadsDir(dataDir)} ya tiene fotos`);
  }
  for (const name of Object.keys(SECRET_FILES)) {
    const file = secretFile(name, dataDir);
    if (await stat(file).catch(() => undefined)) found.push(`${file} ya existe`);
  }
  return found;
};

/**
 * Restores `file` into an EMPTY database and data dir: refuses (BackupError, nothing written)
 * when either holds data. The file is read whole first, so a damaged one changes nothing; the
 * rows load in one transaction. Leaves the database migrated to this version.
 */
export const restoreBackup = async (options: {
  database: DatabaseHandle;
  dataDir: string;
  file: string;
}): Promise<BackupCounts> => {
  const { database, dataDir, file } = options;
  const header = await checkBackupFile(file);
  const existing = await findExistingData(database, dataDir);
  if (existing.length > 0) {
    throw new BackupError(
      `Solo se restaura en un destino vacío, y ${existing.join('; ')}. Usa una base de datos y un DATA_DIR vacíos (o bórralos si de verdad quieres reemplazarlos).`,
    );
  }
  await checkMigrations(header);

  const migrations = await migrationsUpTo(header.migrations.length);
  try {
    if (header.migrations.length > 0) await database.migrate(migrations.folder);
  } finally {
    await migrations.cleanup();
  }

  const counts: BackupCounts = { tables: 0, rows: 0, files: 0, secrets: 0 };
  const root = uploadsDir(dataDir);
  try {
    await loadEntries(database, file, root, dataDir, counts);
  } catch (error) {
    // The photo folder and the secret were empty before: what this run wrote goes.
    if (counts.files > 0) await rm(root, { recursive: true, force: true });
    if (counts.secrets > 0) {
      for (const name of Object.keys(SECRET_FILES)) {
        await rm(secretFile(name, dataDir), { force: true });
      }
    }
    throw new BackupError(
      `No se pudo restaurar (${(error as Error).message}). No se cargó ningún dato, pero la base de datos ya tiene las tablas vacías: vacíala de nuevo antes de reintentar.`,
    );
  }
  // The rest of this version's migrations, on the restored rows.
  await database.migrate();
  return counts;
};

/** Loads the rows in one transaction, and writes the photos and the secret as they come. */
const loadEntries = async (
  database: DatabaseHandle,
  file: string,
  root: string,
  dataDir: string,
  counts: BackupCounts,
) => {
  await database.db.transaction(async (tx) => {
    const tables = new Map((await readTables(tx)).map((table) => [table.name, table]));
    // The target was empty before the backup's migrations ran, so any row now is one a migration
    // wrote (the first-run meet-up spots, decision 082). The backup holds what the source had made
    // of them (renamed, deleted), so they go before its rows load.
    if (tables.size > 0) {
      await tx.execute(sql.raw(`truncate ${[...tables.keys()].map(quoteIdent).join(', ')}`));
    }
    const loaded = new Set<string>();
    for await (const entry of readEntries(file)) {
      if (entry.kind === 'rows') {
        const table = tables.get(entry.name);
        if (!table) throw new BackupError(`La tabla ${entry.name} de la copia no existe aquí.`);
        if (!loaded.has(table.name)) {
          loaded.add(table.name);
          counts.tables += 1;
        }
        const columns = table.columns.map(quoteIdent).join(', ');
        const name = quoteIdent(table.name);
        // Copied as the database wrote it; PostgreSQL parses it back into the table's types.
        const inserted = await queryRows<{ count: number }>(
          tx,
          sql`with added as (insert into ${sql.raw(name)} (${sql.raw(columns)}) overriding system value
            select ${sql.raw(columns)} from jsonb_populate_recordset(null::${sql.raw(name)}, ${entry.payload}::jsonb)
            returning 1) select count(*)::int as count from added`,
        );
        counts.rows += inserted[0]?.count ?? 0;
      } else if (entry.kind === 'sequence') {
        const value = JSON.parse(entry.payload) as string;
        await tx.execute(
          sql`select setval(${`public.${quoteIdent(entry.name)}`}::regclass, ${value}::bigint, true)`,
        );
      } else if (entry.kind === 'file') {
        // A storage key (checked when the file was read): a path inside the photo folder.
        const target = path.join(root, ...entry.name.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        counts.files += 1;
        await writeFile(target, Buffer.from(entry.payload, 'base64'), { mode: 0o644 });
      } else if (entry.kind === 'secret') {
        const target = secretFile(entry.name, dataDir);
        await mkdir(dataDir, { recursive: true });
        counts.secrets += 1;
        await writeFile(target, Buffer.from(entry.payload, 'base64'), { mode: 0o600 });
        await chmod(target, 0o600);
      }
    }
  });
};
