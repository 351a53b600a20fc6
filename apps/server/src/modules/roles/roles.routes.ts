import { errorBodySchema } from '@unimercado/shared/errors';
import { roleSchema } from '@unimercado/shared/schemas/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoles } from './roles.service';

export const rolesRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['roles'],
        summary: 'Lista los roles (solo administradores)',
        security: [{ bearerAuth: [] }],
        response: { 200: z.array(roleSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
      onRequest: [app.authenticate],
    },
    (request) => listRoles(app.db, request.user),
  );
  return Promise.resolve();
};
