import { errorBodySchema } from '@unimercado/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMON_MESSAGES } from '../../lib/app-error';
import { sendJsonText } from '../../lib/json-reply';
import { errorBody } from '../../plugins/errors';

const statusSchema = z.object({ status: z.literal('ok') });
/** The liveness answer never changes: made once (decision 028). */
const OK_JSON = JSON.stringify({ status: 'ok' } satisfies z.infer<typeof statusSchema>);

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
      // 15 bytes: never worth compressing.
      compress: false,
    },
    (_request, reply) => {
      sendJsonText(reply, OK_JSON);
    },
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Listo para atender: la base de datos responde y no se está apagando',
        response: { 200: statusSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      // Shutting down (decision 101): the balancer takes this instance out while it drains.
      if (app.isDraining()) {
        return reply
          .status(503)
          .send(errorBody('SERVICE_UNAVAILABLE', COMMON_MESSAGES.unavailable));
      }
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
