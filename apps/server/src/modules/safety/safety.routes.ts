import { errorBodySchema } from '@unimercado/shared/errors';
import {
  blockBodySchema,
  blockedUserSchema,
  blockParamsSchema,
  blockStateSchema,
  createReportBodySchema,
  moderationActionBodySchema,
  moderationGroupSchema,
  moderationLogEntrySchema,
  reportSchema,
} from '@unimercado/shared/schemas/safety';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { blockUser, findBlockState, listBlockedUsers, unblockUser } from '../blocks/blocks.service';
import {
  actOnReports,
  createReport,
  listModerationLog,
  listModerationQueue,
} from './safety.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

/** `/api/reports` (decision 071). */
export const reportsRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);
  app.post(
    '/',
    {
      schema: {
        tags: ['safety'],
        summary:
          'Reporta un producto, un usuario o un mensaje recibido (un reporte abierto por persona y objetivo)',
        security: secured,
        body: createReportBodySchema,
        response: { 201: reportSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 429: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const report = await createReport(deps, request.user, request.body);
      return reply.code(201).send(report);
    },
  );
  return Promise.resolve();
};

/** `/api/blocks` (decision 071). */
export const blocksRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);
  app.get(
    '/',
    {
      schema: {
        tags: ['safety'],
        summary: 'Usuarios que el usuario autenticado bloqueó, más recientes primero',
        security: secured,
        response: { 200: z.array(blockedUserSchema), 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => listBlockedUsers(deps, request.user),
  );
  app.get(
    '/:userId',
    {
      schema: {
        tags: ['safety'],
        summary:
          'Si el usuario autenticado bloqueó a este usuario y si su conversación está cerrada por un bloqueo',
        security: secured,
        params: blockParamsSchema,
        response: { 200: blockStateSchema, 400: e, 401: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => findBlockState(deps, request.user, request.params.userId),
  );
  app.post(
    '/',
    {
      schema: {
        tags: ['safety'],
        summary:
          'Bloquea a un usuario: ninguno de los dos puede escribirle ni hacerle ofertas al otro',
        security: secured,
        body: blockBodySchema,
        response: { 200: blockedUserSchema, 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => blockUser(deps, request.user, request.body.userId),
  );
  app.delete(
    '/:userId',
    {
      schema: {
        tags: ['safety'],
        summary: 'Desbloquea a un usuario bloqueado por el usuario autenticado',
        security: secured,
        params: blockParamsSchema,
        response: { 204: z.null(), 400: e, 401: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      await unblockUser(deps, request.user, request.params.userId);
      return reply.code(204).send(null);
    },
  );
  return Promise.resolve();
};

/** `/api/moderation` (decision 071): admins only. */
export const moderationRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);
  app.get(
    '/reports',
    {
      schema: {
        tags: ['safety'],
        summary: 'Cola de moderación: reportes abiertos agrupados por objetivo, con contexto',
        security: secured,
        response: { 200: z.array(moderationGroupSchema), 401: e, 403: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => listModerationQueue(deps, request.user),
  );
  app.post(
    '/actions',
    {
      schema: {
        tags: ['safety'],
        summary:
          'Atiende los reportes abiertos de un objetivo: ocultar, eliminar mensaje, advertir, suspender o descartar',
        security: secured,
        body: moderationActionBodySchema,
        response: { 201: moderationLogEntrySchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply.code(201).send(await actOnReports(deps, request.user, request.body)),
  );
  app.get(
    '/log',
    {
      schema: {
        tags: ['safety'],
        summary: 'Registro de auditoría de moderación: quién, cuándo y por qué',
        security: secured,
        response: { 200: z.array(moderationLogEntrySchema), 401: e, 403: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => listModerationLog(deps, request.user),
  );
  return Promise.resolve();
};
