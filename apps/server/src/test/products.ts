import { randomBytes } from 'node:crypto';
import { constants as zlibConstants, crc32, createDeflate } from 'node:zlib';
import type { Product } from '@unimercado/shared/schemas/products';
import sharp from 'sharp';
import { bearer, type Account, type TestContext } from './helpers';

export type UploadFile = {
  field?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
};

/** A multipart/form-data body as a browser sends it. */
export const multipartBody = (files: readonly UploadFile[]) => {
  const boundary = `----umtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** A small photo-like JPEG (a gradient, so it compresses like a picture). */
export const makeJpeg = async (
  options: {
    width?: number;
    height?: number;
    exif?: Record<string, Record<string, string>>;
    orientation?: number;
  } = {},
) => {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 120;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.exif) image = image.withExif(options.exif);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.jpeg({ quality: 85 }).toBuffer();
};

export const makePng = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: '#6200ea' } })
    .png()
    .toBuffer();

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** PNG colour types and their channels. */
const PNG_CHANNELS = { grey: [0, 1], rgb: [2, 3], rgba: [6, 4] } as const;

/**
 * A real decompression bomb: a valid PNG of zeros (20000×20000 grey by default: 400 MB of pixels)
 * that deflates to a few hundred kilobytes, under the 1 MB limit.
 */
export const makePngBomb = async (
  options: {
    width?: number;
    height?: number;
    color?: keyof typeof PNG_CHANNELS;
    bitDepth?: 8 | 16;
  } = {},
) => {
  const { width = 20_000, height = 20_000, color = 'grey', bitDepth = 8 } = options;
  const [colorType, channels] = PNG_CHANNELS[color];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType;
  // Run-length matching: as small as level 9's search (about 1/1000) in a twentieth of the time.
  const deflate = createDeflate({ level: 9, strategy: zlibConstants.Z_RLE });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  // 50 rows of zeros at a time (each row: a filter byte, then the pixels).
  const row = Buffer.alloc((1 + (width * channels * bitDepth) / 8) * 50);
  for (let written = 0; written < height; written += 50) {
    const rows = Math.min(50, height - written);
    const chunk = row.subarray(0, (row.length / 50) * rows);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

export const uploadImages = async (
  ctx: TestContext,
  token: string,
  files: readonly UploadFile[],
) => {
  const body = multipartBody(files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/products/upload-images',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

/** Uploads `count` fresh JPEGs and answers their URLs. */
export const uploadPhotos = async (ctx: TestContext, token: string, count = 1) => {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      filename: `foto-${index + 1}.jpg`,
      data: await makeJpeg({ width: 320 + index * 16, height: 240 }),
    })),
  );
  const res = await uploadImages(ctx, token, files);
  if (res.statusCode !== 201) throw new Error(`upload failed ${res.statusCode}: ${res.body}`);
  return res.json<string[]>();
};

export const firstCategoryId = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
  return res.json<{ id: number }[]>()[0]!.id;
};

export const productPayload = (categoryId: number, overrides: Record<string, unknown> = {}) => ({
  title: 'Calculadora científica Casio',
  description: 'Casio fx-991, funciona perfecto, con tapa.',
  price: 85000,
  status: 'Usado',
  location: 'Biblioteca Central',
  categoryId,
  ...overrides,
});

export const createProduct = async (
  ctx: TestContext,
  seller: Account,
  overrides: Record<string, unknown> = {},
): Promise<Product> => {
  const categoryId =
    typeof overrides.categoryId === 'number' ? overrides.categoryId : await firstCategoryId(ctx);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(seller.token),
    payload: productPayload(categoryId, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json<Product>();
};
