import { errorBodySchema } from '@unimercado/shared/errors';
import { reviewListQuerySchema, reviewSchema } from '@unimercado/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setTotalCount } from '../../lib/pagination';
import { listReviews } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod = (app) => {
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
