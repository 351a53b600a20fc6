import type { Readable } from 'node:stream';

export const STORAGE_DRIVERS = ['disk', 'postgres', 's3'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

/** What the photo route needs to answer before reading a byte. */
export type FileInfo = {
  size: number;
  /** A quoted entity tag, unique to these bytes (keys are never reused). */
  etag: string;
  contentType: string;
  lastModified: Date;
};

export type ListedFile = { key: string; size: number; lastModified: Date };

/** Inclusive byte positions, as in `Content-Range`. */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded files live (conventions.md: files go through this plugin; the database stores
 * keys, never URLs). Three drivers implement it (decision 055): the local disk (default),
 * PostgreSQL and S3-compatible object storage. Every driver's files are served by the app at
 * `/uploads/<key>` (or redirected from there), so photo URLs do not depend on the driver.
 */
export type Storage = {
  driver: StorageDriverName;
  /** Stores `data` under `key` atomically: a reader never sees half a file. */
  put: (key: string, data: Buffer | Uint8Array, options: { contentType: string }) => Promise<void>;
  /** The stored bytes, or undefined when there is no such file. */
  get: (key: string) => Promise<Buffer | undefined>;
  stat: (key: string) => Promise<FileInfo | undefined>;
  /** The bytes (all, or the inclusive `range`) as a stream; undefined when there is no such file. */
  read: (key: string, range?: ByteRange) => Promise<Readable | undefined>;
  /** Removes the file; a missing one is not an error. */
  delete: (key: string) => Promise<void>;
  deleteMany: (keys: readonly string[]) => Promise<void>;
  /** Every stored file whose key starts with `prefix` (`''` or a folder such as `products/`). */
  list: (prefix?: string) => AsyncIterable<ListedFile>;
  /** When set, `/uploads/<key>` redirects there instead of streaming (S3 with S3_SERVE=redirect). */
  redirectUrl?: (key: string) => Promise<string>;
  /** The absolute URL a browser loads the file from. */
  publicUrl: (key: string) => string;
  /** The key behind one of our own public URLs (absolute or `/uploads/...`), else undefined. */
  keyFromUrl: (url: string) => string | undefined;
  /** Releases connections the driver opened itself. */
  close?: () => Promise<void> | void;
};

export const UPLOADS_PREFIX = '/uploads/';

/** Keys are never reused, so a file never changes: browsers keep it for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Keys are relative paths of lower-case segments: no `..`, no absolute paths, no odd bytes. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{1,8}$/;
/** A listing prefix: empty, or folders ending in `/`. */
const PREFIX_PATTERN = /^([a-z0-9][a-z0-9_-]*\/)*$/;

export const isValidStorageKey = (key: string) => key.length <= 200 && KEY_PATTERN.test(key);

export const assertKey = (key: string) => {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
};

export const assertPrefix = (prefix: string) => {
  if (prefix.length > 200 || !PREFIX_PATTERN.test(prefix)) {
    throw new Error(`invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
};

/** The URL half of every driver: files are addressed at PUBLIC_URL/uploads/<key>. */
export const urlsFor = (publicUrl: string): Pick<Storage, 'publicUrl' | 'keyFromUrl'> => {
  const base = `${publicUrl.replace(/\/+$/, '')}${UPLOADS_PREFIX}`;
  return {
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

/** Splits `items` into arrays of at most `size` (bulk deletes and reference look-ups). */
export const chunked = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    chunks.push(items.slice(index, index + size));
  }
  return chunks;
};
