import { errorBodySchema } from '@unimercado/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_MESSAGES } from '../../lib/app-error';
import { errorBody } from '../../plugins/errors';

const statusSchema = z.object({ status: z.literal('ok') });

/** Liveness and readiness probes for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'El proceso está vivo',
        response: { 200: statusSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Listo para atender: la base de datos responde',
        response: { 200: statusSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('database ping timed out')), 2000).unref(),
          ),
        ]);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply
          .status(503)
          .send(errorBody('SERVICE_UNAVAILABLE', COMMON_MESSAGES.unavailable));
      }
    },
  );
  return Promise.resolve();
};
