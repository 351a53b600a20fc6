import { categorySchema, type Category } from '@unimercado/shared/schemas/categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listCategoriesJson } from './categories.service';

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
      const json = await listCategoriesJson(app.db);
      // Already JSON of the response schema's shape (id, name): sent as it is.
      return (
        reply
          .header('cache-control', 'public, max-age=300')
          .type('application/json; charset=utf-8')
          // A string with a JSON content type skips the serializer (its type says the list).
          .send(json as unknown as Category[])
      );
    },
  );
  return Promise.resolve();
};
