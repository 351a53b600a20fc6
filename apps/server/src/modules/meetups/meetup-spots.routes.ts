import { errorBodySchema } from '@unimercado/shared/errors';
import { idParamsSchema } from '@unimercado/shared/schemas/common';
import {
  deleteMeetupSpotResponseSchema,
  meetupSpotBodySchema,
  meetupSpotListQuerySchema,
  meetupSpotSchema,
} from '@unimercado/shared/schemas/meetups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import {
  createMeetupSpot,
  deleteMeetupSpot,
  listMeetupSpots,
  updateMeetupSpot,
} from './meetup-spots.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];
const publicOrSigned: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/** Campus meet-up spots (decision 082): anyone reads the active ones; admins keep the list. */
export const meetupSpotsRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  app.get(
    '/',
    {
      schema: {
        tags: ['meetup-spots'],
        summary:
          'Puntos de encuentro seguros del campus, por nombre (los inactivos solo para admins con ?includeInactive=true)',
        security: publicOrSigned,
        querystring: meetupSpotListQuerySchema,
        response: { 200: z.array(meetupSpotSchema), 400: e },
      },
      onRequest: [app.authenticateOptional],
    },
    async (request, reply) => {
      const { items, total } = await listMeetupSpots(deps, request.viewer, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['meetup-spots'],
        summary: 'Crea un punto de encuentro (admin)',
        security: secured,
        body: meetupSpotBodySchema,
        response: { 201: meetupSpotSchema, 400: e, 401: e, 403: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) =>
      reply.status(201).send(await createMeetupSpot(deps, request.user, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['meetup-spots'],
        summary: 'Cambia un punto de encuentro, también si está activo (admin)',
        security: secured,
        params: idParamsSchema,
        body: meetupSpotBodySchema,
        response: { 200: meetupSpotSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => updateMeetupSpot(deps, request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['meetup-spots'],
        summary:
          'Elimina un punto de encuentro; si un producto o una propuesta lo usa, lo desactiva (admin)',
        security: secured,
        params: idParamsSchema,
        response: { 200: deleteMeetupSpotResponseSchema, 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => deleteMeetupSpot(deps, request.user, request.params.id),
  );
  return Promise.resolve();
};
