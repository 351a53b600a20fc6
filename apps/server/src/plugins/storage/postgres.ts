import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema';
import {
  assertKey,
  assertPrefix,
  chunked,
  isValidStorageKey,
  urlsFor,
  type Storage,
} from './types';

/** Bytes per round trip of a streamed read: a photo's thumbnail in one, a large one in a few. */
export const POSTGRES_READ_CHUNK = 256 * 1024;
const LIST_PAGE = 500;
const DELETE_BATCH = 500;

const toBuffer = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Files as rows of `stored_files` in the app's own database (PGlite or PostgreSQL): several
 * instances then share photos with nothing but PostgreSQL and Redis (decision 055). A read is
 * streamed in POSTGRES_READ_CHUNK slices, so neither a large file nor a range is held whole.
 */
export const createPostgresStorage = (options: { db: Database; publicUrl: string }): Storage => {
  const { db } = options;
  const readSlice = async (key: string, start: number, length: number) => {
    // substring() counts from 1; with STORAGE EXTERNAL only the slice's pages are read.
    const [row] = await db
      .select({
        chunk: sql<Uint8Array | null>`substring(${storedFiles.data} from ${start + 1} for ${length})`,
      })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    if (!row?.chunk) throw new Error(`stored file ${key} disappeared while it was read`);
    return toBuffer(row.chunk);
  };
  return {
    driver: 'postgres',
    put: async (key, data, { contentType }) => {
      assertKey(key);
      const bytes = toBuffer(data);
      const values = {
        contentType,
        size: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        data: bytes,
        createdAt: new Date(),
      };
      // One statement: a reader sees the old row or the new one, never a part.
      await db
        .insert(storedFiles)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: storedFiles.key, set: values });
    },
    get: async (key) => {
      assertKey(key);
      const [row] = await db
        .select({ data: storedFiles.data })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ? toBuffer(row.data) : undefined;
    },
    stat: async (key) => {
      assertKey(key);
      const [row] = await db
        .select({
          size: storedFiles.size,
          sha256: storedFiles.sha256,
          contentType: storedFiles.contentType,
          createdAt: storedFiles.createdAt,
        })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row
        ? {
            size: row.size,
            etag: `"${row.sha256}"`,
            contentType: row.contentType,
            lastModified: row.createdAt,
          }
        : undefined;
    },
    read: async (key, range) => {
      assertKey(key);
      const start = range?.start ?? 0;
      // The first slice comes with the size: one query for a photo that fits in a slice.
      const [first] = await db
        .select({
          size: storedFiles.size,
          chunk: sql<Uint8Array>`substring(${storedFiles.data} from ${start + 1} for ${POSTGRES_READ_CHUNK})`,
        })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      if (!first) return undefined;
      const end = Math.min(range?.end ?? first.size - 1, first.size - 1);
      const head = toBuffer(first.chunk).subarray(0, Math.max(0, end - start + 1));
      return Readable.from(
        (async function* () {
          if (head.byteLength > 0) yield head;
          for (
            let position = start + POSTGRES_READ_CHUNK;
            position <= end;
            position += POSTGRES_READ_CHUNK
          ) {
            yield await readSlice(key, position, Math.min(POSTGRES_READ_CHUNK, end - position + 1));
          }
        })(),
        { objectMode: false },
      );
    },
    delete: async (key) => {
      assertKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
    deleteMany: async (keys) => {
      keys.forEach(assertKey);
      for (const batch of chunked(keys, DELETE_BATCH)) {
        await db.delete(storedFiles).where(inArray(storedFiles.key, batch));
      }
    },
    list: async function* (prefix = '') {
      assertPrefix(prefix);
      let after = '';
      for (;;) {
        // Keyset pages in key order: a listing while files come and go neither repeats nor stalls.
        const rows = await db
          .select({
            key: storedFiles.key,
            size: storedFiles.size,
            lastModified: storedFiles.createdAt,
          })
          .from(storedFiles)
          .where(and(sql`starts_with(${storedFiles.key}, ${prefix})`, gt(storedFiles.key, after)))
          .orderBy(asc(storedFiles.key))
          .limit(LIST_PAGE);
        for (const row of rows) if (isValidStorageKey(row.key)) yield row;
        if (rows.length < LIST_PAGE) return;
        after = rows.at(-1)!.key;
      }
    },
    ...urlsFor(options.publicUrl),
  };
};
