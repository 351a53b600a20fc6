import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Product } from '@unimercado/shared/schemas/products';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../app';
import { devSecretFile, vapidKeysFile } from '../config/env';
import { SERVER_ROOT } from '../config/paths';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { queryRows } from '../db/rows';
import { uploadsDir } from '../plugins/storage';
import {
  callAs,
  createAccount,
  createTestApp,
  login,
  testConfig,
  type Account,
  type TestContext,
} from '../test/helpers';
import { createProduct, uploadPhotos } from '../test/products';
import { createEmptyTestDatabase } from '../test/test-database';
import { makeOffer } from '../test/trade';
import { BackupError, createBackup, migrationsUpTo, restoreBackup } from './backup-file';

const run = promisify(execFile);

/** A data dir's generated web-push key pair, as the file holds it. */
const VAPID_KEYS = '{"publicKey":"a-public-key","privateKey":"a-private-key"}\n';

/** What a member and an admin see: the state a restore must bring back. */
const observe = async (ctx: TestContext, admin: Account, seller: Account, buyer: Account) => {
  const users = await callAs(ctx, 'GET', '/api/users', admin.token);
  const products = await callAs(ctx, 'GET', `/api/products?sellerId=${seller.user.id}`);
  const product = products.json<Product[]>()[0]!;
  const photos = await Promise.all(
    product.imageUrl.split(',').map(async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
      return { status: res.statusCode, bytes: res.rawPayload.toString('base64') };
    }),
  );
  const conversation = await callAs(
    ctx,
    'GET',
    `/api/chat/messages?userId=${buyer.user.id}`,
    seller.token,
  );
  const offers = await callAs(ctx, 'GET', `/api/sales/product/${product.id}/offers`, seller.token);
  const favourites = await callAs(ctx, 'GET', '/api/favorites', buyer.token);
  const spots = await callAs(ctx, 'GET', '/api/meetup-spots?includeInactive=true', admin.token);
  return {
    users: users.json<unknown[]>(),
    products: products.json<unknown[]>(),
    photos,
    conversation: conversation.json<unknown[]>(),
    offers: { status: offers.statusCode, body: offers.json<unknown>() },
    favourites: favourites.json<unknown[]>(),
    spots: spots.json<{ id: number; name: string }[]>(),
  };
};

const tableCount = async (database: DatabaseHandle) => {
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from pg_tables where schemaname = 'public'`,
  );
  return row!.count;
};

describe.each(['disk', 'postgres'] as const)('backup → wipe → restore, photos on %s', (driver) => {
  const storage = { driver, s3: undefined };
  let source: TestContext;
  let admin: Account;
  let seller: Account;
  let buyer: Account;
  let before: Awaited<ReturnType<typeof observe>>;
  let workDir: string;
  let file: string;
  let highestProductId: number;
  let backupCounts: Awaited<ReturnType<typeof createBackup>>;

  beforeAll(async () => {
    source = await createTestApp({ config: { storage } });
    admin = await createAccount(source, { verified: true, admin: true });
    seller = await createAccount(source, { verified: true, name: 'Valeria Vende' });
    buyer = await createAccount(source, { verified: true, name: 'Bruno Compra' });
    const imageUrl = (await uploadPhotos(source, seller.token, 2)).join(',');
    const product = await createProduct(source, seller, { imageUrl, title: 'Bicicleta de ruta' });
    highestProductId = product.id;
    await makeOffer(source, buyer, product, 70000);
    await callAs(source, 'POST', '/api/favorites', buyer.token, { productId: product.id });
    for (const [from, to, content] of [
      [buyer, seller, '¿Sigue disponible la bicicleta?'],
      [seller, buyer, 'Sí, ¿la quieres ver mañana?'],
      [buyer, seller, 'Perfecto, \t"a las 10"\n🙂'],
    ] as const) {
      const res = await callAs(source, 'POST', '/api/chat/messages', from.token, {
        receiverId: to.user.id,
        content,
      });
      expect(res.statusCode).toBe(201);
    }
    // The admin made the first-run meet-up spots the campus's own: one renamed, one deleted. A
    // restore must bring back that list, not the migration's defaults (decision 082).
    const [renamed, deleted] = (await callAs(source, 'GET', '/api/meetup-spots', admin.token)).json<
      { id: number; area: string; openingHours: string }[]
    >();
    const renaming = await callAs(source, 'PUT', `/api/meetup-spots/${renamed!.id}`, admin.token, {
      name: 'Kiosco de la plazoleta Che',
      area: renamed!.area,
      openingHours: renamed!.openingHours,
    });
    expect(renaming.statusCode).toBe(200);
    const deleting = await callAs(
      source,
      'DELETE',
      `/api/meetup-spots/${deleted!.id}`,
      admin.token,
    );
    expect(deleting.statusCode).toBe(200);
    await writeFile(devSecretFile(source.config.dataDir), 'a-generated-secret-of-this-data-dir\n', {
      mode: 0o600,
    });
    // The web-push key pair the browsers' subscriptions are bound to (decision 092).
    await writeFile(vapidKeysFile(source.config.dataDir), VAPID_KEYS, { mode: 0o600 });
    before = await observe(source, admin, seller, buyer);
    expect(before.photos.every((photo) => photo.status === 200)).toBe(true);
    expect(before.conversation).toHaveLength(3);
    expect(before.spots).toHaveLength(4);
    expect(before.spots.map((spot) => spot.name)).toContain('Kiosco de la plazoleta Che');

    workDir = await mkdtemp(path.join(tmpdir(), 'um-backup-'));
    file = path.join(workDir, 'copia.gz');
    const counts = await createBackup({
      database: source.database,
      dataDir: source.config.dataDir,
      file,
    });
    // The two photos and their thumbnails: files on disk, or rows of the database.
    expect(counts).toMatchObject({ files: driver === 'disk' ? 4 : 0, secrets: 2 });
    expect(counts.rows).toBeGreaterThan(10);
    backupCounts = counts;
  });

  afterAll(async () => {
    await source.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('brings back the same members, listings, photos, offers, favourites and conversations', async () => {
    const target = await createEmptyTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'um-restored-'));
    try {
      const counts = await restoreBackup({ database: target, dataDir, file });
      expect(counts).toEqual(backupCounts);
      expect(await readFile(devSecretFile(dataDir), 'utf8')).toBe(
        'a-generated-secret-of-this-data-dir\n',
      );
      expect((await stat(devSecretFile(dataDir))).mode & 0o777).toBe(0o600);
      expect(await readFile(vapidKeysFile(dataDir), 'utf8')).toBe(VAPID_KEYS);
      expect((await stat(vapidKeysFile(dataDir))).mode & 0o777).toBe(0o600);

      const restored = await createTestApp({ database: target, config: { dataDir, storage } });
      try {
        expect(await observe(restored, admin, seller, buyer)).toEqual(before);
        // Passwords came along: the seller signs in as before.
        const session = await login(restored.app, seller.email, seller.password);
        expect(session.id).toBe(seller.user.id);
        // The id sequences too: a new listing gets a new id.
        const next = await createProduct(restored, seller, { title: 'Casco' });
        expect(next.id).toBeGreaterThan(highestProductId);
      } finally {
        await restored.close();
      }
    } finally {
      await target.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  // The checks below do not depend on the photo driver: they run once.
  it.runIf(driver === 'disk')(
    'refuses a database that holds data, and changes nothing',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'um-restored-'));
      try {
        const before = await queryRows<{ count: number }>(
          source.database.db,
          sql`select count(*)::int as count from users`,
        );
        await expect(restoreBackup({ database: source.database, dataDir, file })).rejects.toThrow(
          /Solo se restaura en un destino vacío.*ya tiene tablas/,
        );
        const after = await queryRows<{ count: number }>(
          source.database.db,
          sql`select count(*)::int as count from users`,
        );
        expect(after).toEqual(before);
        expect(await stat(uploadsDir(dataDir)).catch(() => undefined)).toBeUndefined();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(driver === 'disk')(
    'refuses a data dir that holds photos or a generated key, before touching the database',
    async () => {
      const target = await createEmptyTestDatabase();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'um-restored-'));
      try {
        const photo = path.join(uploadsDir(dataDir), 'products', '2026', '01', 'otra.webp');
        await mkdir(path.dirname(photo), { recursive: true });
        await writeFile(photo, 'una foto de otro despliegue');
        await expect(restoreBackup({ database: target, dataDir, file })).rejects.toThrow(
          /uploads ya tiene fotos/,
        );
        await rm(uploadsDir(dataDir), { recursive: true });
        await writeFile(devSecretFile(dataDir), 'otro-secreto');
        await expect(restoreBackup({ database: target, dataDir, file })).rejects.toThrow(
          /jwt-secret ya existe/,
        );
        await rm(devSecretFile(dataDir));
        await writeFile(vapidKeysFile(dataDir), 'otras-claves');
        await expect(restoreBackup({ database: target, dataDir, file })).rejects.toThrow(
          /vapid-keys.json ya existe/,
        );
        expect(await tableCount(target)).toBe(0);
        expect(await readFile(vapidKeysFile(dataDir), 'utf8')).toBe('otras-claves');
      } finally {
        await target.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(driver === 'disk')(
    'refuses a file cut short, a file that is not a backup, and one from a newer version',
    async () => {
      const whole = await readFile(file);
      const text = gunzipSync(whole).toString('utf8');
      const lines = text.split('\n');
      /** The backup with one more line before its end. */
      const withLine = (extra: string) =>
        gzipSync([...lines.slice(0, -2), extra, ...lines.slice(-2)].join('\n'));
      const cases: [string, Buffer, RegExp][] = [
        ['cut.gz', whole.subarray(0, Math.floor(whole.length / 2)), /está dañado, incompleto/],
        ['no-end.gz', gzipSync(lines.slice(0, -2).join('\n') + '\n'), /incompleto/],
        ['other.gz', gzipSync('hola\tmundo\n'), /no es una copia de seguridad/],
        // Hostile lines: a photo outside the photo folder, a sequence name that is SQL, a header
        // of the wrong shape.
        ['escape.gz', withLine('file\t../../fuera.webp\tAAAA'), /bad photo key/],
        ['sql.gz', withLine('sequence\tx"; drop table users; --\t"1"'), /bad sequence name/],
        [
          'shape.gz',
          gzipSync(
            lines
              .map((line, index) =>
                index === 0 ? line.replace(/"driver":"\w+"/, '"driver":7') : line,
              )
              .join('\n'),
          ),
          /contenido inesperado/,
        ],
        ['plain.txt', Buffer.from('no soy gzip'), /está dañado, incompleto/],
        [
          'newer.gz',
          gzipSync(
            lines
              .map((line, index) =>
                index === 0 ? line.replace(/"migrations":\[/, '"migrations":[1,') : line,
              )
              .join('\n'),
          ),
          /versión de UniMercado más nueva/,
        ],
      ];
      const target = await createEmptyTestDatabase();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'um-restored-'));
      try {
        for (const [name, bytes, message] of cases) {
          const damaged = path.join(workDir, name);
          await writeFile(damaged, bytes);
          const attempt = restoreBackup({ database: target, dataDir, file: damaged });
          await expect(attempt, name).rejects.toThrow(BackupError);
          await expect(attempt, name).rejects.toThrow(message);
          expect(await tableCount(target), name).toBe(0);
        }
        expect(await stat(uploadsDir(dataDir)).catch(() => undefined)).toBeUndefined();
      } finally {
        await target.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(driver === 'disk')(
    'restores a backup of an older version into its schema, then migrates it',
    async () => {
      // A database one migration behind this version (the newest migration not applied yet).
      const journal = JSON.parse(
        await readFile(path.join(SERVER_ROOT, 'drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const older = await migrationsUpTo(journal.entries.length - 1);
      const old = await createEmptyTestDatabase();
      const target = await createEmptyTestDatabase();
      const oldDir = await mkdtemp(path.join(tmpdir(), 'um-old-'));
      const dataDir = await mkdtemp(path.join(tmpdir(), 'um-restored-'));
      const oldFile = path.join(workDir, 'older.gz');
      try {
        await old.migrate(older.folder);
        await old.db.execute(
          sql`insert into users (name, email, password_hash) values ('Olga Antigua', 'olga@uni.edu', 'x')`,
        );
        await old.db.execute(
          sql`insert into notifications (user_id, type_id, message)
          select id, 1, 'Hola de antes' from users where email = 'olga@uni.edu'`,
        );
        await createBackup({ database: old, dataDir: oldDir, file: oldFile });
        await restoreBackup({ database: target, dataDir, file: oldFile });
        const rows = await queryRows<{ message: string; link: string | null }>(
          target.db,
          sql`select message, link from notifications`,
        );
        expect(rows).toEqual([{ message: 'Hola de antes', link: null }]);
      } finally {
        await older.cleanup();
        await old.close();
        await target.close();
        await rm(oldDir, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    // Builds a database migration by migration, then restores and migrates it: 20 to 60 s on a
    // busy two-core machine.
    180_000,
  );

  it.runIf(driver === 'disk')('never overwrites an existing file', async () => {
    await expect(
      createBackup({ database: source.database, dataDir: source.config.dataDir, file }),
    ).rejects.toThrow(/Ya existe/);
  });
});

// The commands themselves, on the embedded database kept on disk (PostgreSQL goes through the
// same functions above); skipped in the PostgreSQL run, where they would test PGlite again.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run backup / npm run restore', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'um-backup-cli-'));
  });
  afterAll(async () => rm(workDir, { recursive: true, force: true }));

  const cli = (script: 'backup' | 'restore', dataDir: string, args: string[]) =>
    run(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER_ROOT, 'src/cli', `${script}.ts`), ...args],
      {
        cwd: SERVER_ROOT,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          NODE_ENV: 'test',
          INIT_CWD: workDir,
        },
      },
    ).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  // Four commands, each a fresh process; two make an embedded database.
  it(
    'copies an embedded database to one file and restores it into an empty data dir only',
    {
      timeout: 120_000,
    },
    async () => {
      const sourceDir = path.join(workDir, 'source');
      await mkdir(sourceDir);
      const database = await createDatabase({ dataDir: path.join(sourceDir, 'pglite') });
      await prepareDatabase(database, testConfig({ dataDir: sourceDir }));
      await database.db.execute(
        sql`insert into users (name, email, password_hash) values ('Ana Copia', 'ana@uni.edu', 'x')`,
      );
      await database.close();

      const backup = await cli('backup', sourceDir, ['copia.gz']);
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/Copia escrita en .*copia\.gz/);

      const targetDir = path.join(workDir, 'target');
      const restore = await cli('restore', targetDir, ['copia.gz']);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      const again = await cli('restore', targetDir, ['copia.gz']);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/Solo se restaura en un destino vacío/);

      const restored = await createDatabase({ dataDir: path.join(targetDir, 'pglite') });
      try {
        const rows = await queryRows<{ name: string }>(
          restored.db,
          sql`select name from users where email = 'ana@uni.edu'`,
        );
        expect(rows).toEqual([{ name: 'Ana Copia' }]);
      } finally {
        await restored.close();
      }

      const missing = await cli('restore', path.join(workDir, 'other'), ['no-existe.gz']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/No existe el archivo/);
      // A failed restore leaves no embedded database behind.
      expect(
        await stat(path.join(workDir, 'other', 'pglite')).catch(() => undefined),
      ).toBeUndefined();
    },
  );

  it('explains how to call them', async () => {
    const usage = await cli('restore', path.join(workDir, 'x'), []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Uso: npm run restore -- ARCHIVO/);
  });
});
