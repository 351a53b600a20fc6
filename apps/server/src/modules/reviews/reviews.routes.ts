import { errorBodySchema } from '@unimercado/shared/errors';
import {
  createReviewBodySchema,
  reviewListQuerySchema,
  reviewSchema,
} from '@unimercado/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import { createReview, listReviews } from './reviews.service';

const e = errorBodySchema;

export const reviewsRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  app.post(
    '/',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Califica al vendedor de un producto comprado (oferta aceptada), una vez por producto: calificación 1–5 y comentario',
        security: [{ bearerAuth: [] }],
        body: createReviewBodySchema,
        response: { 201: reviewSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply.status(201).send(await createReview(deps, request.user, request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Reseñas recibidas (?revieweeId=) o escritas (?reviewerId=) por un usuario; paginada (pública)',
        querystring: reviewListQuerySchema,
        response: { 200: z.array(reviewSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listReviews(app.db, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );
  return Promise.resolve();
};
