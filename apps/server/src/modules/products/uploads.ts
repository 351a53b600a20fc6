import { randomBytes } from 'node:crypto';
import type { ProductImage } from '@unimercado/shared/schemas/products';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/products';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { productImages, productUploads } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { startPeriodic } from '../../lib/periodic';
import type { Storage } from '../../plugins/storage';
import { storageSweepChannel, type StorageSweepReport } from '../../plugins/storage/events';
import type { ProcessedImage } from './images';

/** Photos uploaded but never published are removed after this long. */
export const ORPHAN_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How often each instance looks for them. */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A stored photo: both versions' keys and sizes (product_images and product_uploads rows). */
export type StoredImage = {
  key: string;
  width: number;
  height: number;
  thumbnailKey: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
  sizeBytes: number;
};

export const toImageDto = (
  storage: Pick<Storage, 'publicUrl'>,
  image: StoredImage,
): ProductImage => ({
  url: storage.publicUrl(image.key),
  thumbnailUrl: storage.publicUrl(image.thumbnailKey),
  width: image.width,
  height: image.height,
  thumbnailWidth: image.thumbnailWidth,
  thumbnailHeight: image.thumbnailHeight,
});

/** Where every product photo is stored; the orphan-file sweep looks nowhere else. */
export const PRODUCT_PHOTOS_PREFIX = 'products/';

/** `products/2026/11/<24 hex>.webp` and its `-t` thumbnail: never reused, so cacheable forever. */
const newKeys = (now: Date) => {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const base = `${PRODUCT_PHOTOS_PREFIX}${now.getUTCFullYear()}/${month}/${randomBytes(12).toString('hex')}`;
  return { key: `${base}.webp`, thumbnailKey: `${base}-t.webp` };
};

export const imageFileKeys = (images: readonly Pick<StoredImage, 'key' | 'thumbnailKey'>[]) =>
  images.flatMap((image) => [image.key, image.thumbnailKey]);

/**
 * Stores already checked photos and remembers them as the uploader's pending uploads. All or
 * nothing: if a file or the row cannot be written, the files written so far are removed.
 */
export const saveUploads = async (
  deps: Pick<AppDeps, 'db' | 'storage' | 'now'>,
  actor: Actor,
  images: readonly ProcessedImage[],
): Promise<ProductImage[]> => {
  const now = deps.now();
  const stored: StoredImage[] = images.map((image) => ({
    ...newKeys(now),
    width: image.large.width,
    height: image.large.height,
    thumbnailWidth: image.thumbnail.width,
    thumbnailHeight: image.thumbnail.height,
    sizeBytes: image.large.data.byteLength + image.thumbnail.data.byteLength,
  }));
  // Every file is written at once; whatever was written is removed if any write or the row fails.
  const files = images.flatMap((image, index) => [
    { key: stored[index]!.key, data: image.large.data },
    { key: stored[index]!.thumbnailKey, data: image.thumbnail.data },
  ]);
  const writes = await Promise.allSettled(
    files.map((file) => deps.storage.put(file.key, file.data, { contentType: 'image/webp' })),
  );
  const written = files.filter((_, index) => writes[index]!.status === 'fulfilled');
  try {
    const failed = writes.find((write) => write.status === 'rejected');
    if (failed) throw failed.reason;
    await deps.db
      .insert(productUploads)
      .values(stored.map((image) => ({ ...image, uploaderId: actor.id, createdAt: now })));
  } catch (error) {
    await deps.storage.deleteMany(written.map((file) => file.key)).catch(() => undefined);
    throw error;
  }
  return stored.map((image) => toImageDto(deps.storage, image));
};

/**
 * Takes the caller's pending uploads named by `keys` for a product (in the caller's
 * transaction). Deleting the rows is the claim: two products can never get the same photo, and
 * an upload of someone else, an expired one or a made-up key is a 400.
 */
export const claimUploads = async (
  tx: Tx,
  uploaderId: number,
  keys: readonly string[],
): Promise<StoredImage[]> => {
  if (keys.length === 0) return [];
  const rows = await tx
    .delete(productUploads)
    .where(and(inArray(productUploads.key, [...keys]), eq(productUploads.uploaderId, uploaderId)))
    .returning();
  if (rows.length !== keys.length) {
    throw new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.imageNotUploaded);
  }
  return keys.map((key) => rows.find((row) => row.key === key)!);
};

/** A deleted account's pending uploads (their files are deleted after commit by the caller). */
export const removeUserUploads = async (tx: Tx, userId: number) => {
  const rows = await tx
    .delete(productUploads)
    .where(eq(productUploads.uploaderId, userId))
    .returning({ key: productUploads.key, thumbnailKey: productUploads.thumbnailKey });
  return imageFileKeys(rows);
};

/**
 * Removes uploads nobody published within ORPHAN_UPLOAD_TTL_MS, rows and files. Safe on several
 * instances at once: each row is deleted by exactly one of them.
 */
export const sweepOrphanUploads = async (deps: Pick<AppDeps, 'db' | 'storage' | 'now'>) => {
  const cutoff = new Date(deps.now().getTime() - ORPHAN_UPLOAD_TTL_MS);
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const rows = await tx
      .delete(productUploads)
      .where(lt(productUploads.createdAt, cutoff))
      .returning({ key: productUploads.key, thumbnailKey: productUploads.thumbnailKey });
    const keys = imageFileKeys(rows);
    if (keys.length > 0) afterCommit(() => deps.storage.deleteMany(keys));
    return rows.length;
  });
};

/** Of `keys`, those a product photo or a pending upload names (one statement: one snapshot). */
const referencedKeys = async (db: AppDeps['db'], keys: string[]) => {
  const [images, uploads] = [productImages, productUploads].map((table) =>
    db
      .select({ key: table.key, thumbnailKey: table.thumbnailKey })
      .from(table)
      .where(or(inArray(table.key, keys), inArray(table.thumbnailKey, keys))),
  );
  const rows = await images!.unionAll(uploads!);
  return new Set(imageFileKeys(rows));
};

/** Files looked up per query. */
const SWEEP_BATCH = 200;

/**
 * Removes stored photo files older than ORPHAN_UPLOAD_TTL_MS that no row names: a crash between
 * writing the files and their upload row, or a deletion whose after-commit step failed
 * (decision 055). A day's grace covers every upload in flight; claiming moves a key between the
 * two tables in one transaction, so the look-up always finds it in one of them.
 */
export const sweepOrphanFiles = async (deps: Pick<AppDeps, 'db' | 'storage' | 'now'>) => {
  const cutoff = deps.now().getTime() - ORPHAN_UPLOAD_TTL_MS;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const referenced = await referencedKeys(deps.db, batch);
    const orphans = batch.filter((key) => !referenced.has(key));
    batch = [];
    if (orphans.length === 0) return;
    await deps.storage.deleteMany(orphans);
    removed += orphans.length;
  };
  for await (const file of deps.storage.list(PRODUCT_PHOTOS_PREFIX)) {
    if (file.lastModified.getTime() >= cutoff) continue;
    batch.push(file.key);
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  await flush();
  return removed;
};

/** Both sweeps; the report goes to the storage sweep channel (metrics). */
export const sweepPhotos = async (
  deps: Pick<AppDeps, 'db' | 'storage' | 'now'>,
): Promise<StorageSweepReport> => {
  const orphanUploads = await sweepOrphanUploads(deps);
  const orphanFiles = await sweepOrphanFiles(deps);
  const report = { orphanUploads, orphanFiles };
  if (storageSweepChannel.hasSubscribers) storageSweepChannel.publish(report);
  return report;
};

/** Runs the sweep now and then every ORPHAN_SWEEP_INTERVAL_MS; returns the function that stops it. */
export const startUploadSweeper = (deps: Pick<AppDeps, 'db' | 'storage' | 'now' | 'log'>) =>
  startPeriodic({
    name: 'upload sweep',
    intervalMs: ORPHAN_SWEEP_INTERVAL_MS,
    firstDelayMs: 30_000,
    log: deps.log,
    run: async () => {
      const report = await sweepPhotos(deps);
      if (report.orphanUploads + report.orphanFiles > 0) {
        deps.log.info(report, 'removed unpublished uploads and orphan photo files');
      }
    },
  });
