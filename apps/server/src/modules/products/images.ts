import { MAX_IMAGE_PIXELS } from '@unimercado/shared/constants';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/products';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error';

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

/**
 * Checks one uploaded photo and re-encodes it (architecture.md, images): the real type from the
 * magic bytes (JPEG, PNG or WebP; SVG, HTML and everything else is a 415), the declared size
 * against MAX_IMAGE_PIXELS before anything is decoded (decompression bombs), then sharp turns it
 * upright (EXIF orientation) and writes a large WebP and a grid thumbnail without any metadata, so
 * no GPS position or camera serial is ever served.
 */
export const processImage = async (data: Buffer, fileName: string): Promise<ProcessedImage> => {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw unsupported(fileName);

  let width: number;
  let height: number;
  try {
    // Reads the header only: a 20000×20000 PNG is refused before a pixel is decompressed.
    const metadata = await sharp(data, { limitInputPixels: false }).metadata();
    width = metadata.autoOrient.width;
    height = metadata.autoOrient.height;
  } catch {
    throw unsupported(fileName);
  }
  if (!width || !height) throw unsupported(fileName);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(413, 'IMAGE_TOO_LARGE', PRODUCT_MESSAGES.imageTooManyPixels(fileName));
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
    const [large, thumbnail] = await Promise.all([
      encode(sharp(pixels, raw), 80),
      encode(
        sharp(pixels, raw).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, {
          fit: 'inside',
          withoutEnlargement: true,
        }),
        72,
      ),
    ]);
    return { large, thumbnail };
  } catch {
    // Valid magic bytes but a broken body (truncated or corrupt data).
    throw unsupported(fileName);
  }
};

/**
 * Several uploads at once: every file is checked and re-encoded concurrently (sharp runs each on a
 * thread of libuv's pool), and the first refused file in the order sent decides the answer.
 */
export const processImages = async (files: readonly { data: Buffer; name: string }[]) => {
  const results = await Promise.allSettled(files.map((file) => processImage(file.data, file.name)));
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

export const toShareJpeg = (webp: Buffer) =>
  sharp(webp, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize(SHARE_IMAGE_SIZE, SHARE_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
