import { errorBodySchema } from '@unimercado/shared/errors';
import { idParamsSchema } from '@unimercado/shared/schemas/common';
import {
  createNotificationBodySchema,
  notificationCountsSchema,
  notificationEchoSchema,
  notificationSchema,
  notificationsQuerySchema,
} from '@unimercado/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import {
  countNotifications,
  createNotificationFromClient,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

export const notificationsRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Notificaciones del usuario autenticado, más recientes primero (paginadas; total en X-Total-Count)',
        security: secured,
        querystring: notificationsQuerySchema,
        response: { 200: z.array(notificationSchema), 400: e, 401: e, 403: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { items, total } = await listNotifications(deps, request.user, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Cuántas notificaciones tiene el usuario sin leer y leídas',
        security: secured,
        response: { 200: notificationCountsSchema, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => countNotifications(deps, request.user),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Crea una notificación para uno mismo; para otro usuario solo reconoce el eco de un evento que el servidor ya notificó (sin duplicados; responde solo lo enviado, decisión 023)',
        security: secured,
        body: createNotificationBodySchema,
        response: {
          200: notificationEchoSchema,
          201: notificationSchema,
          400: e,
          401: e,
          403: e,
          429: e,
        },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const answer = await createNotificationFromClient(deps, request.user, request.body);
      return answer.created
        ? reply.status(201).send(answer.notification)
        : reply.status(200).send(answer.echo);
    },
  );

  app.put(
    '/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marca leídas todas las notificaciones del usuario autenticado',
        security: secured,
        response: { 200: z.object({ updated: z.number().int() }), 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => markAllNotificationsRead(deps, request.user),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marca una notificación como leída (solo su destinatario)',
        security: secured,
        params: idParamsSchema,
        response: { 200: notificationSchema, 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => markNotificationRead(deps, request.user, request.params.id),
  );
  return Promise.resolve();
};
