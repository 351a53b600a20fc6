import { errorBodySchema } from '@unimercado/shared/errors';
import { idParamsSchema } from '@unimercado/shared/schemas/common';
import {
  createSavedSearchBodySchema,
  savedSearchSchema,
  updateSavedSearchBodySchema,
} from '@unimercado/shared/schemas/saved-searches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import { startPeriodic } from '../../lib/periodic';
import { createAlertMatcher } from './saved-search-alerts';
import { runSavedSearchDigest, SAVED_SEARCH_DIGEST } from './saved-search-digest';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  markSavedSearchSeen,
  updateSavedSearch,
} from './saved-searches.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

/** Saved searches and their alerts (issue 21, decision 088); every route is the caller's own. */
export const savedSearchesRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  // Matching of new listings, woken by the bus after their transaction commits.
  const matcher = createAlertMatcher(deps);
  // The email digest: every instance looks periodically; one does the work at a time.
  let stopDigest: (() => Promise<void>) | undefined;
  app.addHook('onReady', () => {
    stopDigest = startPeriodic({
      name: 'saved-search digest',
      intervalMs: SAVED_SEARCH_DIGEST.intervalMs,
      firstDelayMs: SAVED_SEARCH_DIGEST.intervalMs,
      run: () => runSavedSearchDigest(deps),
      log: app.log,
    });
    void matcher.kick();
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    await stopDigest?.();
    await matcher.close();
  });

  app.post(
    '/',
    {
      schema: {
        tags: ['saved-searches'],
        summary:
          'Guarda la búsqueda actual (texto, filtros y orden de /search) del usuario autenticado; hasta 20, cada una una vez',
        security: secured,
        body: createSavedSearchBodySchema,
        response: { 201: savedSearchSchema, 400: e, 401: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply.code(201).send(await createSavedSearch(deps, request.user, request.body)),
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['saved-searches'],
        summary:
          'Búsquedas guardadas del usuario autenticado, más recientes primero, con los productos nuevos desde que las abrió (X-Total-Count)',
        security: secured,
        response: { 200: z.array(savedSearchSchema), 401: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const items = await listSavedSearches(deps, request.user);
      setTotalCount(reply, items.length);
      return items;
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['saved-searches'],
        summary:
          'Renombra, pausa o reanuda una búsqueda guardada propia, o activa su resumen por correo',
        security: secured,
        params: idParamsSchema,
        body: updateSavedSearchBodySchema,
        response: { 200: savedSearchSchema, 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => updateSavedSearch(deps, request.user, request.params.id, request.body),
  );

  app.post(
    '/:id/seen',
    {
      schema: {
        tags: ['saved-searches'],
        summary: 'Marca como vistos los productos nuevos de una búsqueda guardada propia',
        security: secured,
        params: idParamsSchema,
        response: { 200: savedSearchSchema, 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => markSavedSearchSeen(deps, request.user, request.params.id),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['saved-searches'],
        summary: 'Borra una búsqueda guardada propia',
        security: secured,
        params: idParamsSchema,
        response: { 204: z.null(), 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      await deleteSavedSearch(deps, request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
  return Promise.resolve();
};
