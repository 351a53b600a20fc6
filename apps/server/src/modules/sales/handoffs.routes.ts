import { errorBodySchema } from '@unimercado/shared/errors';
import { idParamsSchema } from '@unimercado/shared/schemas/common';
import {
  cancelHandoffBodySchema,
  handoffListQuerySchema,
  handoffSchema,
  noShowSchema,
} from '@unimercado/shared/schemas/handoffs';
import { createMeetupBodySchema, meetupSchema } from '@unimercado/shared/schemas/meetups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { startPeriodic } from '../../lib/periodic';
import { setTotalCount } from '../../lib/pagination';
import {
  cancelHandoff,
  confirmHandoff,
  getHandoff,
  HANDOFF_SWEEP_INTERVAL_MS,
  listHandoffs,
  listNoShows,
  sweepOverdueHandoffs,
} from './handoffs.service';
import { proposeMeetup } from './meetups.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

/** Hand-offs of accepted offers (decision 075): only their buyer and seller see and act on them. */
export const handoffsRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  // Seller confirmations that stood 72 hours are completed by a sweep, off the read path
  // (decision 085); reads already show them completed by the clock.
  let stopSweep: (() => Promise<void>) | undefined;
  app.addHook('onReady', () => {
    stopSweep = startPeriodic({
      name: 'hand-off sweep',
      intervalMs: HANDOFF_SWEEP_INTERVAL_MS,
      firstDelayMs: 30_000,
      log: app.log,
      run: async () => {
        const completed = await sweepOverdueHandoffs(deps);
        if (completed > 0) app.log.info({ completed }, 'completed hand-offs left unanswered 72 h');
      },
    });
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    await stopSweep?.();
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['handoffs'],
        summary: 'Entregas del usuario autenticado, como comprador o vendedor (?state=)',
        security: secured,
        querystring: handoffListQuerySchema,
        response: { 200: z.array(handoffSchema), 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { items, total } = await listHandoffs(deps, request.user, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/no-shows',
    {
      schema: {
        tags: ['handoffs'],
        summary: 'Miembros señalados por no presentarse a una entrega, más veces primero (admin)',
        security: secured,
        response: { 200: z.array(noShowSchema), 401: e, 403: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => listNoShows(deps, request.user),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['handoffs'],
        summary: 'Una entrega (solo su comprador y su vendedor)',
        security: secured,
        params: idParamsSchema,
        response: { 200: handoffSchema, 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => getHandoff(deps, request.user, request.params.id),
  );

  app.post(
    '/:id/confirm',
    {
      schema: {
        tags: ['handoffs'],
        summary:
          'Confirma la entrega: el comprador la completa; el vendedor la completa si el comprador no la cancela en 72 horas',
        security: secured,
        params: idParamsSchema,
        response: { 200: handoffSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => confirmHandoff(deps, request.user, request.params.id),
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        tags: ['handoffs'],
        summary:
          'Cancela una entrega reservada con un motivo: el producto vuelve a estar disponible (comprador o vendedor)',
        security: secured,
        params: idParamsSchema,
        body: cancelHandoffBodySchema,
        response: { 200: handoffSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => cancelHandoff(deps, request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/meetups',
    {
      schema: {
        tags: ['handoffs'],
        summary:
          'Propone un encuentro (punto y hora) a la otra parte de una entrega reservada; counterTo reemplaza la propuesta pendiente',
        security: secured,
        params: idParamsSchema,
        body: createMeetupBodySchema,
        response: { 201: meetupSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await proposeMeetup(deps, request.user, request.params.id, request.body)),
  );
  return Promise.resolve();
};
