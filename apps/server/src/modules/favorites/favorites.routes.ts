import { errorBodySchema } from '@unimercado/shared/errors';
import {
  favoriteIdsSchema,
  favoriteSchema,
  favoritesQuerySchema,
  favoriteStateSchema,
  favoriteStatusQuerySchema,
  toggleFavoriteBodySchema,
} from '@unimercado/shared/schemas/favorites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import {
  getFavoriteState,
  listFavoriteIds,
  listFavorites,
  toggleFavorite,
} from './favorites.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

export const favoritesRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  app.post(
    '/',
    {
      schema: {
        tags: ['favorites'],
        summary:
          'Guarda o quita un producto de los favoritos del usuario autenticado (alterna; no el propio)',
        security: secured,
        body: toggleFavoriteBodySchema,
        response: { 200: favoriteStateSchema, 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => toggleFavorite(deps, request.user, request.body),
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['favorites'],
        summary:
          'Favoritos del usuario autenticado, más recientes primero, cada uno con su producto (X-Total-Count)',
        security: secured,
        querystring: favoritesQuerySchema,
        response: { 200: z.array(favoriteSchema), 400: e, 401: e, 403: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { items, total } = await listFavorites(deps, request.user, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/status',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Si el usuario autenticado guardó un producto en favoritos',
        security: secured,
        querystring: favoriteStatusQuerySchema,
        response: { 200: favoriteStateSchema, 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => getFavoriteState(deps, request.user, request.query.productId),
  );
  app.get(
    '/ids',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Ids de todos los productos que el usuario autenticado guardó en favoritos',
        security: secured,
        response: { 200: favoriteIdsSchema, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => listFavoriteIds(deps, request.user),
  );
  return Promise.resolve();
};
