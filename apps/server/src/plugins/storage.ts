import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';

/**
 * Where uploaded files live (conventions.md: files go through this plugin; the database stores
 * keys, never URLs). The local-disk driver is the default; an S3-compatible driver can implement
 * the same interface and set `publicUrl` to its own address.
 */
export type Storage = {
  /** Stores `data` under `key` atomically: a reader never sees half a file. */
  put: (key: string, data: Buffer | Uint8Array, options: { contentType: string }) => Promise<void>;
  /** The stored bytes, or undefined when there is no such file. */
  get: (key: string) => Promise<Buffer | undefined>;
  /** Removes the file; a missing one is not an error. */
  delete: (key: string) => Promise<void>;
  deleteMany: (keys: readonly string[]) => Promise<void>;
  /** The absolute URL a browser loads the file from. */
  publicUrl: (key: string) => string;
  /** The key behind one of our own public URLs (absolute or `/uploads/...`), else undefined. */
  keyFromUrl: (url: string) => string | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const UPLOADS_PREFIX = '/uploads/';

/** Keys are relative paths of lower-case segments: no `..`, no absolute paths, no odd bytes. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{1,8}$/;

export const isValidStorageKey = (key: string) => key.length <= 200 && KEY_PATTERN.test(key);

const assertKey = (key: string) => {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
};

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export const createLocalStorage = (options: { rootDir: string; publicUrl: string }): Storage => {
  const base = `${options.publicUrl.replace(/\/+$/, '')}${UPLOADS_PREFIX}`;
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(options.rootDir, ...key.split('/'));
  };
  const remove = async (key: string) => {
    await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  };
  return {
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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    delete: remove,
    deleteMany: async (keys) => {
      await Promise.all(keys.map(remove));
    },
    publicUrl: (key) => {
      assertKey(key);
      return `${base}${key}`;
    },
    keyFromUrl: (url) => {
      const relative = url.startsWith(base)
        ? url.slice(base.length)
        : url.startsWith(UPLOADS_PREFIX)
          ? url.slice(UPLOADS_PREFIX.length)
          : undefined;
      return relative !== undefined && isValidStorageKey(relative) ? relative : undefined;
    },
  };
};

/**
 * Local driver: files under DATA_DIR/uploads, served at /uploads/* with long immutable caching
 * (keys are never reused), `nosniff`, and `Cross-Origin-Resource-Policy: cross-origin` so the
 * other allowed origins can show the photos (architecture.md, runtime shape).
 */
export const storagePlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const rootDir = uploadsDir(config.dataDir);
    await mkdir(rootDir, { recursive: true });
    app.decorate('storage', createLocalStorage({ rootDir, publicUrl: config.publicUrl }));
    await app.register(fastifyStatic, {
      root: rootDir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      allowedPath: (pathname) => isValidStorageKey(pathname.replace(/^\/+/, '')),
      setHeaders: (reply) => {
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
        void reply.header('x-content-type-options', 'nosniff');
        // Overrides helmet's same-origin for photos only.
        void reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  },
  { name: 'storage' },
);
