import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { errorBodySchema } from '@unimercado/shared/errors';
import { loginResponseSchema } from '@unimercado/shared/schemas/auth';
import { idParamsSchema } from '@unimercado/shared/schemas/common';
import {
  addPasskeyBodySchema,
  creationOptionsSchema,
  passkeyLoginBodySchema,
  passkeyOptionsBodySchema,
  passkeySchema,
  requestOptionsSchema,
} from '@unimercado/shared/schemas/passkeys';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/env';
import { depsOf } from '../../lib/deps';
import { setTotalCount } from '../../lib/pagination';
import { setSessionCookie } from '../../plugins/auth';
import {
  CHALLENGE_TTL_MS,
  deletePasskey,
  finishPasskeyRegistration,
  listPasskeys,
  signInWithPasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

/** Mounted at this prefix by app.ts; the challenge cookie is sent only there. */
export const PASSKEY_SIGN_IN_PREFIX = '/api/auth/passkeys';
/** Binds a sign-in challenge to the browser that asked for it (decision 067). */
export const PASSKEY_CHALLENGE_COOKIE = 'um_passkey';

const writeChallengeCookie = (
  reply: FastifyReply,
  config: AppConfig,
  value: string,
  maxAge: number,
) =>
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: PASSKEY_CHALLENGE_COOKIE,
      value,
      httpOnly: true,
      sameSite: 'strict',
      secure: config.publicUrl.startsWith('https:'),
      path: PASSKEY_SIGN_IN_PREFIX,
      maxAge,
      ...(maxAge === 0 ? { expires: new Date(0) } : {}),
    }),
  );

const readChallengeCookie = (request: FastifyRequest) => {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[PASSKEY_CHALLENGE_COOKIE] : undefined;
};

/** Signing in with a passkey: anonymous, counted per IP like the password's sign-in. */
export const passkeySignInRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);
  const perIp = {
    rateLimit: {
      max: app.rateLimits.loginPerIp.max,
      timeWindow: app.rateLimits.loginPerIp.windowMs,
    },
  };

  app.post(
    '/options',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Opciones para iniciar sesión con una llave de acceso (WebAuthn); el reto sirve una vez, 5 minutos, y solo en este navegador (cookie HttpOnly)',
        response: { 200: requestOptionsSchema, 429: e },
      },
      config: perIp,
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { options, browserKey } = await startPasskeySignIn(deps);
      writeChallengeCookie(reply, app.config, browserKey, CHALLENGE_TTL_MS / 1000);
      return options;
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Inicia sesión con la respuesta de la llave de acceso; responde como POST /api/auth/login (y cuenta como inicio de sesión reciente); cuenta suspendida: 403 ACCOUNT_SUSPENDED',
        body: passkeyLoginBodySchema,
        response: { 200: loginResponseSchema, 400: e, 403: e, 429: e },
      },
      config: perIp,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const browserKey = readChallengeCookie(request);
      writeChallengeCookie(reply, app.config, '', 0);
      const session = await signInWithPasskey(
        deps,
        request.body.response as AuthenticationResponseJSON,
        browserKey,
      );
      setSessionCookie(reply, app.config, session.token);
      return session;
    },
  );
  return Promise.resolve();
};

/** A member's own passkeys (profile, 'Llaves de acceso'). */
export const passkeysRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  app.get(
    '/',
    {
      schema: {
        tags: ['passkeys'],
        summary: 'Llaves de acceso de la cuenta con sesión iniciada (X-Total-Count)',
        security: secured,
        response: { 200: z.array(passkeySchema), 401: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const items = await listPasskeys(deps, request.user);
      setTotalCount(reply, items.length);
      return items;
    },
  );

  app.post(
    '/options',
    {
      schema: {
        tags: ['passkeys'],
        summary:
          'Opciones para crear una llave de acceso; pide un inicio de sesión de menos de 10 minutos o currentPassword (403 REAUTHENTICATION_REQUIRED)',
        security: secured,
        body: passkeyOptionsBodySchema,
        response: { 200: creationOptionsSchema, 400: e, 401: e, 403: e, 409: e, 429: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => startPasskeyRegistration(deps, request.user, request.body.currentPassword ?? null),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['passkeys'],
        summary:
          'Guarda la llave de acceso creada con las opciones de POST /api/passkeys/options (nombre opcional: por defecto, navegador y sistema)',
        security: secured,
        body: addPasskeyBodySchema,
        response: { 201: passkeySchema, 400: e, 401: e, 409: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const passkey = await finishPasskeyRegistration(
        deps,
        request.user,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(201).send(passkey);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['passkeys'],
        summary: 'Elimina una llave de acceso propia (la de otra persona: 404)',
        security: secured,
        params: idParamsSchema,
        response: { 204: z.null(), 400: e, 401: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      await deletePasskey(deps, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
