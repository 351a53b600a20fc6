import { randomBytes } from 'node:crypto';
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { lookup } from 'mime-types';
import { assertKey, assertPrefix, isValidStorageKey, urlsFor, type Storage } from './types';

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under `rootDir` (DATA_DIR/uploads): one instance's disk, the default driver. */
export const createDiskStorage = (options: { rootDir: string; publicUrl: string }): Storage => {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(options.rootDir, ...key.split('/'));
  };
  const remove = async (key: string) => {
    await unlink(fileOf(key)).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  };
  return {
    driver: 'disk',
    put: async (key, data) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a crash leaves a stray .partial, never a truncated image.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, data, { mode: 0o644 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    get: async (key) => {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    stat: async (key) => {
      try {
        const info = await stat(fileOf(key));
        if (!info.isFile()) return undefined;
        return {
          size: info.size,
          // As send/@fastify/static did: size and modification time (a rename replaces both).
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
          // The disk keeps no type: it follows from the extension (keys always have one).
          contentType: lookup(key) || 'application/octet-stream',
          lastModified: info.mtime,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    read: async (key, range) => {
      try {
        // Opened first, so a missing file is an answer here rather than a stream error later.
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    delete: remove,
    deleteMany: async (keys) => {
      await Promise.all(keys.map(remove));
    },
    list: async function* (prefix = '') {
      assertPrefix(prefix);
      const dir = path.join(options.rootDir, ...prefix.split('/').filter(Boolean));
      let entries;
      try {
        entries = await readdir(dir, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(options.rootDir, file).split(path.sep).join('/');
        // Stray `.partial` files of a crashed write and anything not written by put() are skipped.
        if (!isValidStorageKey(key)) continue;
        const info = await stat(file).catch((error: unknown) => {
          if (isMissing(error)) return undefined;
          throw error;
        });
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    },
    ...urlsFor(options.publicUrl),
  };
};
