import { errorBodySchema } from '@unimercado/shared/errors';
import { idParamsSchema, paginationQuerySchema } from '@unimercado/shared/schemas/common';
import { replaceRolesBodySchema, roleSchema } from '@unimercado/shared/schemas/roles';
import {
  profileSchema,
  registerBodySchema,
  updateUserBodySchema,
  updateUserResponseSchema,
  userSchema,
  userStatsSchema,
} from '@unimercado/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import { setSessionCookie } from '../../plugins/auth';
import {
  deleteUser,
  getProfile,
  getUserRoles,
  getUserStats,
  listUsers,
  registerUser,
  replaceUserRoles,
  updateUser,
} from './users.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  app.post(
    '/',
    {
      schema: {
        tags: ['users'],
        summary:
          'Registra una cuenta (rol ROLE_USER; envía el email de verificación). Reemplaza un registro pendiente (nunca verificado) del mismo email',
        body: registerBodySchema,
        response: { 201: userSchema, 400: e, 409: e, 429: e },
      },
      config: {
        rateLimit: {
          max: app.rateLimits.registerPerIp.max,
          timeWindow: app.rateLimits.registerPerIp.windowMs,
        },
      },
    },
    async (request, reply) => {
      const { name, email, phone, password } = request.body;
      const user = await registerUser(deps, { name, email, phone, password });
      return reply.status(201).send(user);
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        summary:
          'Usuarios (solo administradores): sin size, la lista entera hasta 500; con page/size, una página; total en X-Total-Count',
        security: secured,
        querystring: paginationQuerySchema,
        response: { 200: z.array(userSchema), 400: e, 401: e, 403: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { items, total } = await listUsers(deps, request.user, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Perfil de un usuario, público; email y teléfono solo para miembros verificados (null si no)',
        security: [{}, { bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: profileSchema, 400: e, 404: e, 429: e },
      },
      onRequest: [app.authenticateOptional],
    },
    (request) => getProfile(deps, request.viewer, request.params.id, request.ip),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Edita el propio perfil (contraseña vacía = sin cambios); cambiar contraseña o email pide currentPassword salvo sesión iniciada hace menos de 10 minutos; devuelve un token nuevo',
        security: secured,
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: updateUserResponseSchema, 400: e, 401: e, 403: e, 404: e, 409: e, 429: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const updated = await updateUser(deps, request.user, request.params.id, request.body);
      // Keep the WebSocket cookie in step with the fresh token (a new password revoked the old).
      setSessionCookie(reply, app.config, updated.token);
      return updated;
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Elimina (anonimiza) un usuario (solo administradores)',
        security: secured,
        params: idParamsSchema,
        response: { 204: z.null(), 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      await deleteUser(deps, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/stats',
    {
      schema: {
        tags: ['users'],
        summary: 'Estadísticas del perfil (públicas): productos, vendidos, promedio, totalReviews',
        params: idParamsSchema,
        response: { 200: userStatsSchema, 400: e, 404: e },
      },
    },
    (request) => getUserStats(app.db, request.params.id),
  );

  app.get(
    '/:id/roles',
    {
      schema: {
        tags: ['roles'],
        summary: 'Roles de un usuario (solo administradores)',
        security: secured,
        params: idParamsSchema,
        response: { 200: z.array(roleSchema), 400: e, 401: e, 403: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => getUserRoles(deps, request.user, request.params.id),
  );

  app.post(
    '/:id/roles',
    {
      schema: {
        tags: ['roles'],
        summary: 'Reemplaza los roles de un usuario por la lista de ids (solo administradores)',
        security: secured,
        params: idParamsSchema,
        body: replaceRolesBodySchema,
        response: { 200: userSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => replaceUserRoles(deps, request.user, request.params.id, request.body),
  );
  return Promise.resolve();
};
