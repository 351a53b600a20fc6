import { categorySchema } from '@unimercado/shared/schemas/categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../lib/json-reply';
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
      // Already JSON of the response schema's shape (id, name).
      sendJsonText(reply.header('cache-control', 'public, max-age=300'), json);
      return reply;
    },
  );
  return Promise.resolve();
};
