import { categorySchema } from '@unimercado/shared/schemas/categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  precompressed,
  sendPrecompressed,
  type PrecompressedBody,
} from '../../plugins/compression';
import { listCategoriesJson } from './categories.service';

export const categoriesRoutes: FastifyPluginAsyncZod = (app) => {
  // The list as last sent, with its compressed copies (it changes only with a deployment).
  let sent: PrecompressedBody = precompressed('');
  app.get(
    '/',
    {
      schema: {
        tags: ['categories'],
        summary: 'Lista las categorías (pública)',
        response: { 200: z.array(categorySchema) },
      },
      // Compressed by sendPrecompressed, once.
      compress: false,
    },
    async (request, reply) => {
      const json = await listCategoriesJson(app.db);
      // Already JSON of the response schema's shape (id, name).
      if (json !== sent.text) sent = precompressed(json);
      return sendPrecompressed(request, reply.header('cache-control', 'public, max-age=300'), sent);
    },
  );
  return Promise.resolve();
};
