import { errorBodySchema } from '@unimercado/shared/errors';
import { idParamsSchema } from '@unimercado/shared/schemas/common';
import {
  buyerParamsSchema,
  createSaleBodySchema,
  purchaseSchema,
  SALE_MESSAGES,
  saleListQuerySchema,
  salePageQuerySchema,
  saleSchema,
} from '@unimercado/shared/schemas/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import { createOffer, decideOffer, listOffers, listPurchases } from './sales.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

export const salesRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  app.post(
    '/',
    {
      schema: {
        tags: ['sales'],
        summary:
          'Hace una oferta por un producto ajeno y disponible (cuenta verificada; precio mayor a 0 y menor al publicado; reemplaza la oferta pendiente anterior del mismo comprador)',
        security: secured,
        body: createSaleBodySchema,
        response: { 201: saleSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply.status(201).send(await createOffer(deps, request.user, request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['sales'],
        summary: 'Ofertas recibidas por un producto (?productId=; solo su vendedor)',
        security: secured,
        querystring: saleListQuerySchema,
        response: { 200: z.array(saleSchema), 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { productId, ...page } = request.query;
      if (productId === undefined) {
        throw new AppError(400, 'VALIDATION_ERROR', SALE_MESSAGES.listNeedsProduct, {
          details: { in: 'querystring', path: '/productId' },
        });
      }
      const { items, total } = await listOffers(deps, request.user, productId, page);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/product/:id/offers',
    {
      schema: {
        tags: ['sales'],
        summary: 'Ofertas recibidas por un producto, más recientes primero (solo su vendedor)',
        security: secured,
        params: idParamsSchema,
        querystring: salePageQuerySchema,
        response: { 200: z.array(saleSchema), 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { items, total } = await listOffers(
        deps,
        request.user,
        request.params.id,
        request.query,
      );
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/buyer/:buyerId',
    {
      schema: {
        tags: ['sales'],
        summary:
          'Compras del usuario autenticado (solo ofertas aceptadas), cada una con su producto',
        security: secured,
        params: buyerParamsSchema,
        querystring: salePageQuerySchema,
        response: { 200: z.array(purchaseSchema), 400: e, 401: e, 403: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { items, total } = await listPurchases(
        deps,
        request.user,
        request.params.buyerId,
        request.query,
      );
      setTotalCount(reply, total);
      return items;
    },
  );

  for (const [action, decision] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    app.put(
      `/:id/${action}`,
      {
        schema: {
          tags: ['sales'],
          summary:
            decision === 'accepted'
              ? 'Acepta una oferta pendiente: el producto queda vendido y las demás ofertas pendientes se rechazan (solo el vendedor)'
              : 'Rechaza una oferta pendiente (solo el vendedor)',
          security: secured,
          params: idParamsSchema,
          response: { 200: saleSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
        onRequest: [app.authenticate],
      },
      (request) => decideOffer(deps, request.user, request.params.id, decision),
    );
  }
  return Promise.resolve();
};
