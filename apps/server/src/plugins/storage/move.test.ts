import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/client';
import { startS3Server } from '../../test/s3-server';
import { createTestDatabase } from '../../test/test-database';
import { createDiskStorage } from './disk';
import { copyFiles, describeMove, parseMoveArguments } from './move';
import { createPostgresStorage } from './postgres';
import { createS3Storage } from './s3';
import type { Storage } from './types';

const WEBP = { contentType: 'image/webp' };
const PUBLIC_URL = 'http://localhost:3000';

const listKeys = async (storage: Storage) => {
  const keys = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
};

describe('copying photos between drivers (npm run storage:move)', () => {
  let database: DatabaseHandle;
  let root: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), 'um-move-'));
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await database.close();
    await rm(root, { recursive: true, force: true });
    await s3.close();
  });

  it('copies every file with its type, verified, and a rerun skips what is already there', async () => {
    const disk = createDiskStorage({ rootDir: path.join(root, 'a'), publicUrl: PUBLIC_URL });
    const postgres = createPostgresStorage({ db: database.db, publicUrl: PUBLIC_URL });
    const files = {
      'products/2026/11/one.webp': randomBytes(300 * 1024),
      'products/2026/11/one-t.webp': randomBytes(20 * 1024),
      'products/2026/10/two.jpg': randomBytes(1024),
    };
    for (const [key, data] of Object.entries(files)) await disk.put(key, data, WEBP);

    const first = await copyFiles(disk, postgres);
    expect(first).toEqual({
      listed: 3,
      copied: 3,
      skipped: 0,
      gone: 0,
      mismatched: [],
      failed: [],
    });
    for (const [key, data] of Object.entries(files)) {
      expect((await postgres.get(key))?.equals(data), key).toBe(true);
    }
    // The disk knows types by extension; the copy keeps them.
    expect((await postgres.stat('products/2026/10/two.jpg'))?.contentType).toBe('image/jpeg');

    // Interrupted runs leave some files copied, one damaged: the rerun copies only what differs.
    await postgres.put('products/2026/11/one-t.webp', Buffer.from('half written'), WEBP);
    const second = await copyFiles(disk, postgres);
    expect(second).toMatchObject({ listed: 3, copied: 1, skipped: 2, mismatched: [], failed: [] });
    expect(
      (await postgres.get('products/2026/11/one-t.webp'))?.equals(
        files['products/2026/11/one-t.webp'],
      ),
    ).toBe(true);
    // The source is left as it was.
    expect(await listKeys(disk)).toEqual(Object.keys(files).sort());
  });

  it('moves PostgreSQL photos to S3 and back again', async () => {
    const postgres = createPostgresStorage({ db: database.db, publicUrl: PUBLIC_URL });
    const bucket = await createS3Storage({
      s3: s3.settings({ prefix: 'moved/' }),
      publicUrl: PUBLIC_URL,
    });
    const back = createDiskStorage({ rootDir: path.join(root, 'b'), publicUrl: PUBLIC_URL });
    try {
      const keys = await listKeys(postgres);
      expect(keys.length).toBeGreaterThan(0);
      expect(await copyFiles(postgres, bucket)).toMatchObject({ copied: keys.length, failed: [] });
      expect(await copyFiles(bucket, back)).toMatchObject({ copied: keys.length, failed: [] });
      for (const key of keys)
        expect((await back.get(key))?.equals((await postgres.get(key))!)).toBe(true);
    } finally {
      await bucket.close?.();
    }
  });

  it('reports a target that gives back other bytes, and a failing one, and the exit code says so', async () => {
    const source = createDiskStorage({ rootDir: path.join(root, 'c'), publicUrl: PUBLIC_URL });
    await source.put('products/x/good.webp', Buffer.from('good'), WEBP);
    await source.put('products/x/bad.webp', Buffer.from('bad'), WEBP);
    await source.put('products/x/fails.webp', Buffer.from('fails'), WEBP);
    const real = createDiskStorage({ rootDir: path.join(root, 'd'), publicUrl: PUBLIC_URL });
    // A target that flips a byte of one file and refuses another.
    const target: Storage = {
      ...real,
      put: async (key, data, options) => {
        if (key.endsWith('fails.webp')) throw new Error('disk full');
        const copy = Buffer.from(data);
        if (key.endsWith('bad.webp')) copy[0] = copy[0]! ^ 0xff;
        await real.put(key, copy, options);
      },
    };
    const summary = await copyFiles(source, target);
    expect(summary).toMatchObject({
      listed: 3,
      copied: 1,
      mismatched: ['products/x/bad.webp'],
      failed: [{ key: 'products/x/fails.webp', error: 'disk full' }],
    });
    const report = describeMove('disk', 's3', summary);
    expect(report.code).toBe(1);
    expect(report.text).toContain('SHA-256 distinto en el destino: products/x/bad.webp');
    expect(report.text).toContain('Error con products/x/fails.webp: disk full');
    expect(describeMove('disk', 's3', { ...summary, mismatched: [], failed: [] }).code).toBe(0);
  });

  it('takes two different drivers from the command line', () => {
    expect(parseMoveArguments(['--from', 'disk', '--to', 'postgres'])).toEqual({
      from: 'disk',
      to: 'postgres',
      verbose: false,
    });
    expect(parseMoveArguments(['--from', 'disk', '--to', 'disk'])).toHaveProperty('error');
    expect(parseMoveArguments(['--from', 'ftp', '--to', 'disk'])).toHaveProperty('error');
    expect(parseMoveArguments(['--from', 'disk'])).toHaveProperty('error');
    expect(parseMoveArguments(['--from', 'disk', '--to', 's3', '--delete'])).toHaveProperty(
      'error',
    );
  });

  it('runs as a command: copies, prints the summary and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'um-move-cli-'));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STORAGE_DRIVER: 'disk',
      LOG_LEVEL: 'silent',
    };
    const disk = createDiskStorage({
      rootDir: path.join(dataDir, 'uploads'),
      publicUrl: PUBLIC_URL,
    });
    await disk.put('products/cli/photo.webp', Buffer.from('cli photo'), WEBP);
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/storage-move.ts', '--from', 'disk', '--to', 'postgres'],
        {
          cwd: new URL('../../..', import.meta.url),
          env,
          encoding: 'utf8',
        },
      );
    try {
      const { stdout } = await run();
      expect(stdout).toContain('1 en el origen, 1 copiadas y verificadas, 0 ya estaban');
      const handle = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const stored = createPostgresStorage({ db: handle.db, publicUrl: PUBLIC_URL });
        expect((await stored.get('products/cli/photo.webp'))?.toString()).toBe('cli photo');
      } finally {
        await handle.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
