import { errorBodySchema } from '@unimercado/shared/errors';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  resendVerificationQuerySchema,
  resetPasswordBodySchema,
  resetPasswordQuerySchema,
  resetPasswordStatusSchema,
  verificationStatusSchema,
  verifyEmailBodySchema,
  verifyEmailQuerySchema,
} from '@unimercado/shared/schemas/auth';
import { messageResponseSchema } from '@unimercado/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../lib/deps';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import { login, requestVerification, resendVerification } from './auth.service';
import {
  checkPasswordResetToken,
  composePasswordResetEmail,
  PASSWORD_RESET_MAIL,
  requestPasswordReset,
  resetPassword,
} from './password-reset.service';
import {
  composeVerificationEmail,
  VERIFICATION_MAIL,
  verifyEmailToken,
} from './verification.service';

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
  // Requests whose answer must not reveal an account are written by the mail worker.
  deps.mailer.registerComposer(VERIFICATION_MAIL, composeVerificationEmail(deps));
  deps.mailer.registerComposer(PASSWORD_RESET_MAIL, composePasswordResetEmail(deps));

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Inicia sesión; también fija la cookie de sesión HttpOnly para el chat. Credenciales incorrectas (o correo desconocido): 400 INVALID_CREDENTIALS, nunca 401',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
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
        summary:
          'Verifica el email con el token del enlace; una dirección de ADMIN_EMAILS elige además su contraseña (400 PASSWORD_REQUIRED sin ella)',
        querystring: verifyEmailQuerySchema,
        body: verifyEmailBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      config: perIp(app.rateLimits.resendPerIp),
    },
    (request) => verifyEmailToken(deps, request.query.token, request.body),
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Envía un enlace para restablecer la contraseña (misma respuesta, y mismo tiempo, exista o no la cuenta)',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      config: perIp(app.rateLimits.resetPerIp),
    },
    (request) => requestPasswordReset(deps, request.body.email),
  );

  app.get(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Dice si un enlace para restablecer la contraseña sigue sirviendo, y para qué email',
        querystring: resetPasswordQuerySchema,
        response: { 200: resetPasswordStatusSchema, ...errors },
      },
      config: perIp(app.rateLimits.resetPerIp),
    },
    (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return checkPasswordResetToken(deps, request.query.token);
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Elige una contraseña nueva con el enlace (un solo uso); cierra todas las sesiones y marca el email como verificado',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      config: perIp(app.rateLimits.resetPerIp),
    },
    (request) => resetPassword(deps, request.body),
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
