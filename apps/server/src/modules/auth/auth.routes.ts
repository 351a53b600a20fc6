import { errorBodySchema } from '@unimercado/shared/errors';
import {
  loginBodySchema,
  loginResponseSchema,
  resendVerificationQuerySchema,
  verificationStatusSchema,
  verifyEmailQuerySchema,
} from '@unimercado/shared/schemas/auth';
import { messageResponseSchema } from '@unimercado/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import { login, requestVerification, resendVerification } from './auth.service';
import { verifyEmailToken } from './verification.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

export const authRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);
  const perIp = (limit: { max: number; windowMs: number }) => ({
    rateLimit: { max: limit.max, timeWindow: limit.windowMs },
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión; también fija la cookie de sesión HttpOnly para el chat',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      config: perIp(app.rateLimits.loginPerIp),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const session = await login(deps, request.body);
      setSessionCookie(reply, app.config, session.token);
      return session;
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Borra la cookie de sesión (el cliente borra su token)',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => {
      void clearSessionCookie(reply, app.config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verifica el email con el token del enlace',
        querystring: verifyEmailQuerySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      config: perIp(app.rateLimits.resendPerIp),
    },
    (request) => verifyEmailToken(deps, request.query.token),
  );

  app.post(
    '/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Reenvía el enlace de verificación (misma respuesta exista o no el email)',
        querystring: resendVerificationQuerySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      config: perIp(app.rateLimits.resendPerIp),
    },
    (request) => resendVerification(deps, request.query.email),
  );

  app.post(
    '/request-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Envía un nuevo enlace de verificación a la cuenta con sesión iniciada',
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponseSchema, ...errors },
      },
      onRequest: [app.authenticate],
    },
    (request) => requestVerification(deps, request.user),
  );

  app.get(
    '/verification-status',
    {
      schema: {
        tags: ['auth'],
        summary: 'Estado de verificación del email de la cuenta con sesión iniciada',
        security: [{ bearerAuth: [] }],
        response: { 200: verificationStatusSchema, 401: errorBodySchema },
      },
      onRequest: [app.authenticate],
    },
    (request) => ({ verified: request.user.verified, email: request.user.email }),
  );
  return Promise.resolve();
};
