import { categorySchema } from '@unimercado/shared/schemas/categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listCategories } from './categories.service';

export const categoriesRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['categories'],
        summary: 'Lista las categorías (pública)',
        response: { 200: z.array(categorySchema) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return listCategories(app.db);
    },
  );
  return Promise.resolve();
};
