import { availableParallelism } from 'node:os';
import {
  MAX_IMAGE_DECODED_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGES,
} from '@unimercado/shared/constants';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/products';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error';
import { createWorkQueue, WorkQueueFullError, type WorkQueueLimits } from '../../lib/work-queue';

/** What the server accepts, judged from the bytes, never from the name or the declared type. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Long side of the large version (detail page, zoom) and of the grid thumbnail, in pixels. */
export const LARGE_SIZE = 1280;
export const THUMBNAIL_SIZE = 480;
/** libwebp's method: 2 of 0-6 (higher is slower for a few percent fewer bytes). */
const WEBP_EFFORT = 2;

export type EncodedImage = { data: Buffer; width: number; height: number };
export type ProcessedImage = { large: EncodedImage; thumbnail: EncodedImage };

/** A file name fit to quote in a message: no path, no control characters, not too long. */
export const displayFileName = (name: string | undefined) => {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (!clean) return 'imagen';
  return clean.length > 60 ? `${clean.slice(0, 57)}...` : clean;
};

const unsupported = (fileName: string) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PRODUCT_MESSAGES.imageUnsupported(fileName));

/*
 * Where image work runs (decision 041): every sharp call is N-API async work, queued on libuv's
 * thread pool (UV_THREADPOOL_SIZE threads, 4 by default, shared with argon2 password hashing,
 * file writes and zlib), where it waits for libvips to compute the image on `sharp.concurrency()`
 * threads of libvips' own. libuv reads UV_THREADPOOL_SIZE once, when the pool starts, and Node's
 * ESM loader starts it before the server's first line runs: only the environment that starts node
 * can change it.
 *
 * So image work is bounded here, per process: at most IMAGE_WORK_LIMITS.concurrency photos at
 * once, two pool threads fewer than the pool has (argon2 never waits behind a photo), each photo
 * one sharp call at a time on one libvips thread (at most that many cores busy with photos), and
 * libvips' operation cache off (every upload is new; it only kept memory).
 */
sharp.concurrency(1);
sharp.cache(false);

/** libuv's pool size as the process was started with (libuv's default is 4). */
export const THREADPOOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const IMAGE_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), THREADPOOL_SIZE - 2));

/**
 * Photos decoded at once in this process and per account (one fewer than all, so one member
 * never holds every slot), and how many may wait: a request whose photos would pass an account's
 * or the process's allowance is refused at once (429 or 503) rather than queued without end.
 */
export const IMAGE_WORK_LIMITS: WorkQueueLimits = {
  concurrency: IMAGE_CONCURRENCY,
  perKey: Math.max(1, IMAGE_CONCURRENCY - 1),
  maxAdmittedPerKey: 2 * MAX_IMAGES,
  maxAdmitted: 10 * MAX_IMAGES,
};

/** The process's one image queue: every sharp call made for a request goes through it. */
let imageWork = createWorkQueue(IMAGE_WORK_LIMITS);
export const imageWorkQueue = () => imageWork;
/** Tests only: a fresh queue with other limits (the defaults depend on the machine). */
export const resetImageWork = (limits: WorkQueueLimits = IMAGE_WORK_LIMITS) => {
  imageWork = createWorkQueue(limits);
  return imageWork;
};

/** The queue key of an account's uploads. */
export const uploadWorkKey = (userId: number) => `user:${userId}`;
/** The queue key of link-preview images (made for anonymous crawlers). */
const SHARE_WORK_KEY = 'share-image';

const RETRY_AFTER_SECONDS = 5;

/** Runs `tasks` through the image queue; a full queue is the contract's 429 or 503. */
const queued = <T>(key: string, tasks: readonly (() => Promise<T>)[]) => {
  try {
    return imageWork.run(key, tasks);
  } catch (error) {
    if (!(error instanceof WorkQueueFullError)) throw error;
    const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) };
    const details = { retryAfterSeconds: RETRY_AFTER_SECONDS };
    throw error.scope === 'key'
      ? new AppError(429, 'RATE_LIMITED', PRODUCT_MESSAGES.imagesBusyForAccount, {
          headers,
          details,
        })
      : new AppError(503, 'SERVICE_UNAVAILABLE', PRODUCT_MESSAGES.imagesBusy, { headers, details });
  }
};

/** Bytes per channel of libvips' band formats. */
const BYTES_PER_CHANNEL: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** What decoding the whole image would take in memory: width × height × channels × bytes. */
export const decodedBytes = (metadata: Pick<Metadata, 'autoOrient' | 'channels' | 'depth'>) =>
  metadata.autoOrient.width *
  metadata.autoOrient.height *
  metadata.channels *
  (BYTES_PER_CHANNEL[metadata.depth] ?? 16);

/**
 * Checks one uploaded photo and re-encodes it (architecture.md, images): the real type from the
 * magic bytes (JPEG, PNG or WebP; SVG, HTML and everything else is a 415), the declared size
 * against MAX_IMAGE_PIXELS and MAX_IMAGE_DECODED_BYTES before anything is decoded (decompression
 * bombs), then sharp turns it upright (EXIF orientation) and writes a large WebP and a grid
 * thumbnail without any metadata, so no GPS position or camera serial is ever served. Not queued:
 * callers go through `processImages`.
 */
export const processImage = async (data: Buffer, fileName: string): Promise<ProcessedImage> => {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw unsupported(fileName);

  let metadata: Metadata;
  try {
    // Reads the header only (about 2 ms for a 7200×7200 PNG): a bomb is refused before a pixel
    // is decompressed.
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported(fileName);
  }
  const { width, height } = metadata.autoOrient;
  if (!width || !height || !metadata.channels) throw unsupported(fileName);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(413, 'IMAGE_TOO_LARGE', PRODUCT_MESSAGES.imageTooManyPixels(fileName));
  }
  if (decodedBytes(metadata) > MAX_IMAGE_DECODED_BYTES) {
    throw new AppError(413, 'IMAGE_TOO_LARGE', PRODUCT_MESSAGES.imageTooManyBytes(fileName));
  }

  try {
    // Decoded once: JPEG and WebP shrink while loading, so a 12 MP photo is never decoded at full
    // size. The large version's pixels (raw, metadata-free) are then encoded as the large WebP
    // and shrunk again into the thumbnail, instead of decoding the upload a second time.
    const { data: pixels, info } = await sharp(data, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      failOn: 'error',
    })
      .autoOrient()
      .resize(LARGE_SIZE, LARGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = async (image: Sharp, quality: number): Promise<EncodedImage> => {
      const { data: output, info: encoded } = await image
        .webp({ quality, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      return { data: output, width: encoded.width, height: encoded.height };
    };
    // One after the other: a photo holds one thread of libuv's pool at a time (the thumbnail
    // takes a few milliseconds).
    const large = await encode(sharp(pixels, raw), 80);
    const thumbnail = await encode(
      sharp(pixels, raw).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, {
        fit: 'inside',
        withoutEnlargement: true,
      }),
      72,
    );
    return { large, thumbnail };
  } catch {
    // Valid magic bytes but a broken body (truncated or corrupt data).
    throw unsupported(fileName);
  }
};

/**
 * One request's photos, queued together under `key` (the uploader's `uploadWorkKey`): each is
 * checked and re-encoded when the image queue gives it a slot, and the first refused file in the
 * order sent decides the answer. A full queue refuses the request before any photo starts.
 */
export const processImages = async (
  key: string,
  files: readonly { data: Buffer; name: string }[],
) => {
  // Once a file is refused, the files sent after it cannot change the answer: they are skipped
  // (rejected too, so the first rejection in the order sent is still the refused file).
  let firstRefused = files.length;
  const tasks = files.map((file, index) => async () => {
    if (index > firstRefused) throw new Error('skipped: an earlier file was refused');
    try {
      return await processImage(file.data, file.name);
    } catch (error) {
      firstRefused = Math.min(firstRefused, index);
      throw error;
    }
  });
  const results = await Promise.allSettled(queued(key, tasks));
  return results.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
};

/** Link previews: WhatsApp does not show WebP, so shared links get a JPEG of the cover. */
export const SHARE_IMAGE_SIZE = 1200;

export const shareImageSize = (width: number, height: number) => {
  const scale = Math.min(1, SHARE_IMAGE_SIZE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
};

export const toShareJpeg = async (webp: Buffer) => {
  const [jpeg] = queued(SHARE_WORK_KEY, [
    () =>
      sharp(webp, { limitInputPixels: MAX_IMAGE_PIXELS })
        .resize(SHARE_IMAGE_SIZE, SHARE_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 78, mozjpeg: true })
        .toBuffer(),
  ]);
  return jpeg!;
};
