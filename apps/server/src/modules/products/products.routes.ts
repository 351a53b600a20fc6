import fastifyMultipart from '@fastify/multipart';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '@unimercado/shared/constants';
import { errorBodySchema } from '@unimercado/shared/errors';
import { idParamsSchema } from '@unimercado/shared/schemas/common';
import {
  availableProductsQuerySchema,
  courseCatalogSchema,
  createProductBodySchema,
  locationSuggestionsQuerySchema,
  priceGuidanceQuerySchema,
  priceGuidanceSchema,
  PRODUCT_MESSAGES,
  productImageSchema,
  productListQuerySchema,
  productSchema,
  sellerStatsSchema,
  updateProductBodySchema,
} from '@unimercado/shared/schemas/products';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, COMMON_MESSAGES } from '../../lib/app-error';
import { assertVerified } from '../../lib/authorization';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import { precompressed, sendPrecompressed } from '../../plugins/compression';
import { consumeLimit } from '../../plugins/rate-limit';
import { SESSIONS_REVOKED_TOPIC } from '../../db/sessions';
import { displayFileName, processImages, uploadWorkKey } from './images';
import {
  createProduct,
  deleteProduct,
  getCourseCatalog,
  getPriceGuidance,
  getProduct,
  getSellerStats,
  getShareImage,
  isViewerSpecific,
  listAvailable,
  listProducts,
  markSold,
  PRODUCTS_CHANGED_TOPIC,
  recordView,
  renewProduct,
  suggestLocations,
  updateProduct,
  type ProductCaches,
  type CachedPage,
  type ProductPage,
  type ProductOffers,
} from './products.service';
import { createCache } from '../../lib/cache';
import { hasBlockedAnyone } from '../blocks/blocks.service';
import { startListingExpiry, type ExpiryEmailRecipients } from './listing-expiry';
import { saveUploads, startUploadSweeper } from './uploads';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];
/** The token is optional: anonymous callers are welcome, a signed-in one may see more. */
const publicOrSigned: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/**
 * The upload calls' own limit on the whole request: three photos of 1 MB plus the multipart
 * framing. Anything announcing more is refused before a byte is read.
 */
export const UPLOAD_BODY_LIMIT = MAX_IMAGES * MAX_IMAGE_BYTES + 64 * 1024;

/** What the product lists kept in memory may take at most, per instance. */
const LIST_CACHE_BYTES = 64 * 1024 * 1024;

/** What the upload calls may answer besides 201 (503: the process's photo queue is full). */
const uploadErrors = { 400: e, 401: e, 403: e, 413: e, 415: e, 429: e, 503: e };

const tooManyFiles = (max = MAX_IMAGES) =>
  new AppError(
    400,
    'TOO_MANY_FILES',
    max === 1 ? PRODUCT_MESSAGES.oneImageOnly : PRODUCT_MESSAGES.tooManyImages,
  );

/** Fastify's and the multipart parser's own errors, in the contract's words. */
const mapMultipartError = (error: unknown, fileName: string | undefined, max: number): unknown => {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        PRODUCT_MESSAGES.imageTooLarge(fileName ?? 'imagen'),
      );
    case 'FST_FILES_LIMIT':
      return tooManyFiles(max);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, 'BAD_REQUEST', COMMON_MESSAGES.badRequest);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PRODUCT_MESSAGES.noFiles);
    default:
      // Anything else reading the parts throws is a body that cannot be read as multipart: the
      // parser's plain errors ('Multipart: Boundary not found' for a Content-Type without a
      // usable boundary, 'Unexpected end of form' for a boundary the body does not use).
      return error instanceof AppError
        ? error
        : new AppError(400, 'BAD_REQUEST', COMMON_MESSAGES.badRequest);
  }
};

/** Every file part of the request (any field name), each at most 1 MB, at most `max` of them. */
const readFiles = async (request: FastifyRequest, max: number) => {
  const files: { name: string; data: Buffer }[] = [];
  let current: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (files.length >= max) throw tooManyFiles(max);
      current = displayFileName(part.filename);
      files.push({ name: current, data: await part.toBuffer() });
    }
  } catch (error) {
    throw mapMultipartError(error, current, max);
  }
  if (files.length === 0) throw new AppError(400, 'VALIDATION_ERROR', PRODUCT_MESSAGES.noFiles);
  return files;
};

const sendCachedPage = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
  setTotalCount(reply, page.total);
  return sendPrecompressed(request, reply, page.body);
};

const toCachedPage = (page: ProductPage): CachedPage => ({
  body: precompressed(JSON.stringify(page.items)),
  total: page.total,
});

/** The sales module's part in removing or selling a listing, handed over by app.ts. */
export type ProductsRoutesOptions = {
  offers: ProductOffers;
  expiryEmailRecipients: ExpiryEmailRecipients;
};

export const productsRoutes: FastifyPluginAsyncZod<ProductsRoutesOptions> = async (
  app,
  { offers, expiryEmailRecipients },
) => {
  const base = depsOf(app);
  const lists = createCache<CachedPage>({
    name: 'product-lists',
    ttlMs: 10_000,
    maxEntries: 500,
    // A list asked for without `size` holds up to LIST_CAP products (decision 039): bound the
    // bytes too. An entry costs about three times its JSON (the text, its UTF-8 copy and the
    // compressed copies).
    maxSize: { total: LIST_CACHE_BYTES, sizeOf: (page) => page.body.size * 3 },
  });
  const locations = createCache<string[]>({
    name: 'product-locations',
    ttlMs: 60_000,
    maxEntries: 200,
  });
  const caches: ProductCaches = {
    lists,
    locations,
    shareImages: createCache<Buffer>({
      name: 'share-images',
      ttlMs: 60 * 60_000,
      maxEntries: 100,
    }),
    clear: () => {
      lists.clear();
      locations.clear();
    },
  };
  const deps = { ...base, caches, offers };

  // Another instance changed a product, or a user was deleted (their listings went).
  const unsubscribers = [
    app.bus.subscribe(PRODUCTS_CHANGED_TOPIC, caches.clear),
    app.bus.subscribe(SESSIONS_REVOKED_TOPIC, caches.clear),
  ];
  let stoppers: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    stoppers = [startUploadSweeper(base), startListingExpiry({ ...base, expiryEmailRecipients })];
    await app.bus.whenSubscribed();
  });
  app.addHook('onClose', async () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    await Promise.all(stoppers.map((stop) => stop()));
  });

  await app.register(fastifyMultipart, {
    // One more file than allowed, so the 4th is seen and refused with the spec's message.
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_IMAGES + 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
      headerPairs: 100,
    },
  });

  const refuseLargeBodies = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > UPLOAD_BODY_LIMIT) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', PRODUCT_MESSAGES.tooManyImages);
    }
    done();
  };

  /** Checks everything first, then stores: a refused file leaves nothing behind. */
  const upload = async (request: FastifyRequest, max: number) => {
    assertVerified(request.user);
    await consumeLimit(
      app.counters,
      `uploads:${request.user.id}`,
      app.rateLimits.uploadsPerAccount,
    );
    const files = await readFiles(request, max);
    const images = await processImages(uploadWorkKey(request.user.id), files);
    return saveUploads(base, request.user, images);
  };

  app.get(
    '/',
    {
      schema: {
        tags: ['products'],
        summary:
          'Lista paginada de productos con filtros y orden; total en X-Total-Count (token opcional)',
        security: publicOrSigned,
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), 400: e },
      },
      onRequest: [app.authenticateOptional],
    },
    async (request, reply) => {
      const { viewer } = request;
      // A member who blocked someone does not see their listings (decision 071): their own page.
      if (
        isViewerSpecific(viewer, request.query) ||
        (viewer !== null && (await hasBlockedAnyone(deps.db, viewer.id)))
      ) {
        const page = await listProducts(deps, viewer, request.query);
        setTotalCount(reply, page.total);
        return page.items;
      }
      const page = await lists.load(`list:${JSON.stringify(request.query)}`, async () =>
        toCachedPage(await listProducts(deps, null, request.query)),
      );
      return sendCachedPage(request, reply, page);
    },
  );

  app.get(
    '/available',
    {
      schema: {
        tags: ['products'],
        summary:
          'Productos disponibles (no vendidos), los más nuevos primero; paginada (token opcional)',
        security: publicOrSigned,
        querystring: availableProductsQuerySchema,
        response: { 200: z.array(productSchema), 400: e },
      },
      // A cached page, compressed by sendPrecompressed once.
      compress: false,
      onRequest: [app.authenticateOptional],
    },
    async (request, reply) => {
      const { viewer } = request;
      // A member who blocked someone does not see their listings here either (decision 081).
      if (viewer !== null && (await hasBlockedAnyone(deps.db, viewer.id))) {
        return sendCachedPage(
          request,
          reply,
          toCachedPage(await listAvailable(deps, request.query, viewer)),
        );
      }
      const page = await lists.load(`available:${JSON.stringify(request.query)}`, async () =>
        toCachedPage(await listAvailable(deps, request.query)),
      );
      return sendCachedPage(request, reply, page);
    },
  );

  app.get(
    '/stats',
    {
      schema: {
        tags: ['products'],
        summary: 'Resumen del vendedor: total, activos, vendidos, total ganado y visitas',
        security: secured,
        response: { 200: sellerStatsSchema, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => getSellerStats(deps, request.user),
  );

  app.get(
    '/price-guidance',
    {
      schema: {
        tags: ['products'],
        summary:
          'Precio de referencia para publicar: mediana y rango de lo vendido parecido (misma categoría, título similar)',
        description:
          'Solo con 3 ventas parecidas o más; con menos, count y los precios en null (decision 098).',
        security: secured,
        querystring: priceGuidanceQuerySchema,
        response: { 200: priceGuidanceSchema, 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => getPriceGuidance(deps, request.query),
  );

  app.get(
    '/locations',
    {
      schema: {
        tags: ['products'],
        summary: 'Ubicaciones ya usadas en publicaciones, las más frecuentes primero',
        querystring: locationSuggestionsQuerySchema,
        response: { 200: z.array(z.string()), 400: e },
      },
    },
    (request) =>
      locations.load(`q:${request.query.q ?? ''}`, () => suggestLocations(deps, request.query.q)),
  );

  app.get(
    '/courses',
    {
      schema: {
        tags: ['products'],
        summary:
          'Cursos: el formato aceptado de los códigos (expresión regular) y los códigos a sugerir (la lista de la universidad o los más usados)',
        response: { 200: courseCatalogSchema },
      },
    },
    () => getCourseCatalog(deps),
  );

  app.post(
    '/upload-images',
    {
      schema: {
        tags: ['products'],
        summary:
          'Sube hasta 3 fotos (campo multipart "files", 1 MB cada una); responde sus URL para imageUrl',
        description:
          'JPEG, PNG o WebP según sus bytes; se guardan re-codificadas a WebP sin metadatos, con miniatura. Las que no se publiquen en 24 h se borran.',
        security: secured,
        consumes: ['multipart/form-data'],
        response: { 201: z.array(z.string()), ...uploadErrors },
      },
      onRequest: [refuseLargeBodies, app.authenticate],
    },
    async (request, reply) => {
      const images = await upload(request, MAX_IMAGES);
      return reply.status(201).send(images.map((image) => image.url));
    },
  );

  app.post(
    '/upload-image',
    {
      schema: {
        tags: ['products'],
        summary: 'Sube una foto (campo multipart "file"); responde su URL, miniatura y tamaños',
        security: secured,
        consumes: ['multipart/form-data'],
        response: { 201: productImageSchema, ...uploadErrors },
      },
      onRequest: [refuseLargeBodies, app.authenticate],
    },
    async (request, reply) => {
      const [image] = await upload(request, 1);
      return reply.status(201).send(image!);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['products'],
        summary:
          'Publica un producto (cuenta verificada); imageUrl = URL subidas, separadas por comas',
        security: secured,
        body: createProductBodySchema,
        response: { 201: productSchema, 400: e, 401: e, 403: e, 429: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      assertVerified(request.user);
      await consumeLimit(
        app.counters,
        `listings:${request.user.id}`,
        app.rateLimits.listingsPerAccount,
      );
      const product = await createProduct(deps, request.user, request.body);
      return reply.status(201).send(product);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'Detalle de un producto (token opcional; el vendedor ve sus visitas)',
        security: publicOrSigned,
        params: idParamsSchema,
        response: { 200: productSchema, 400: e, 404: e },
      },
      onRequest: [app.authenticateOptional],
    },
    (request) => getProduct(deps, request.viewer, request.params.id),
  );

  app.get(
    '/:id/share-image.jpg',
    {
      schema: {
        tags: ['products'],
        summary: 'La foto de portada en JPEG para vistas previas de enlaces (OpenGraph)',
        params: idParamsSchema,
        response: { 200: z.unknown().describe('image/jpeg'), 400: e, 404: e, 429: e },
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const jpeg = await getShareImage(deps, request.params.id);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(jpeg);
    },
  );

  app.post(
    '/:id/views',
    {
      schema: {
        tags: ['products'],
        summary:
          'Cuenta una visita al detalle (una por persona y día; las del vendedor no cuentan)',
        security: publicOrSigned,
        params: idParamsSchema,
        response: { 204: z.null(), 400: e, 404: e },
      },
      onRequest: [app.authenticateOptional],
    },
    async (request, reply) => {
      await recordView(deps, request.viewer, request.params.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'Edita un producto propio no vendido; imageUrl (si viene) es la lista completa',
        security: secured,
        params: idParamsSchema,
        body: updateProductBodySchema,
        response: { 200: productSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => updateProduct(deps, request.user, request.params.id, request.body),
  );

  app.patch(
    '/:id/sold',
    {
      schema: {
        tags: ['products'],
        summary: 'Marca un producto propio como vendido (no se puede deshacer)',
        security: secured,
        params: idParamsSchema,
        response: { 200: productSchema, 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => markSold(deps, request.user, request.params.id),
  );

  app.post(
    '/:id/renew',
    {
      schema: {
        tags: ['products'],
        summary:
          'Renueva un producto propio no vendido: vuelve a aparecer en listas y búsquedas durante LISTING_TTL_DAYS días (decisión 094)',
        security: secured,
        params: idParamsSchema,
        response: { 200: productSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => renewProduct(deps, request.user, request.params.id),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['products'],
        summary:
          'Elimina un producto propio con sus fotos, ofertas pendientes y favoritos (409 si tiene una venta aceptada)',
        security: secured,
        params: idParamsSchema,
        response: { 204: z.null(), 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      await deleteProduct(deps, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
