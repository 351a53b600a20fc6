import { DESTINATIONS } from '@unimercado/shared/chat';
import { errorBodySchema } from '@unimercado/shared/errors';
import {
  chatFocusSchema,
  pushPreferencesBodySchema,
  pushPreferencesSchema,
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionSchema,
  pushUnsubscribeBodySchema,
} from '@unimercado/shared/schemas/push';
import type { Agent } from 'node:https';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { depsOf } from '../../lib/deps';
import { createWorkQueue, WorkQueueFullError } from '../../lib/work-queue';
import {
  deliverPush,
  getPushPreferences,
  getPushPublicKey,
  setChatFocus,
  subscribeToPush,
  unsubscribeFromPush,
  updatePushPreferences,
} from './push.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

/**
 * Pushes leave off the request path (decision 092): the notifier tells us after commit, the work
 * waits here, bounded; one member's pushes go one at a time, in the order they happened.
 */
export const PUSH_QUEUE_LIMITS = {
  concurrency: 8,
  perKey: 1,
  maxAdmittedPerKey: 100,
  maxAdmitted: 5_000,
} as const;

/** `/api/push` (issue 21): the VAPID key, the caller's subscriptions and preferences. */
export const pushRoutes: FastifyPluginAsyncZod<{ agent?: Agent }> = (app, { agent }) => {
  const deps = depsOf(app);
  const log = app.log.child({ module: 'push' });
  const queue = createWorkQueue(PUSH_QUEUE_LIMITS);

  const stopListening = app.notifier.onCreated((notification, input) => {
    try {
      const [task] = queue.run(String(notification.userId), [
        () => deliverPush({ ...deps, log }, notification, input, agent),
      ]);
      task?.catch((error: unknown) => log.error({ err: error }, 'web push delivery failed'));
    } catch (error) {
      if (!(error instanceof WorkQueueFullError)) throw error;
      log.warn({ userId: notification.userId, scope: error.scope }, 'web push queue full: dropped');
    }
  });
  app.addHook('onClose', () => stopListening());

  // The conversation the web client shows (decision 092): no push for it while it is looked at.
  app.realtime.onSend(DESTINATIONS.chatFocus, async ({ user, body }) => {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    const parsed = chatFocusSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError(400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'JSON');
    }
    await setChatFocus(deps, user, parsed.data.partnerId, parsed.data.isFocused);
  });

  app.get(
    '/public-key',
    {
      schema: {
        tags: ['push'],
        summary: 'Clave pública VAPID del servidor (applicationServerKey para suscribirse)',
        response: { 200: pushPublicKeySchema },
      },
    },
    () => getPushPublicKey(deps),
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary:
          'Guarda la suscripción push de este navegador para el usuario autenticado (lo que da PushSubscription.toJSON()); si era de otro usuario, pasa a este',
        security: secured,
        body: pushSubscriptionBodySchema,
        response: { 201: pushSubscriptionSchema, 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const subscription = await subscribeToPush(deps, request.user, request.body);
      return reply.code(201).send(subscription);
    },
  );

  app.delete(
    '/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Borra una suscripción push propia (al cerrar sesión o desactivar las push)',
        security: secured,
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null(), 400: e, 401: e, 404: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      await unsubscribeFromPush(deps, request.user, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/preferences',
    {
      schema: {
        tags: ['push'],
        summary: 'Qué categorías de notificaciones push recibe el usuario autenticado',
        security: secured,
        response: { 200: pushPreferencesSchema, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => getPushPreferences(deps, request.user),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['push'],
        summary:
          'Activa o desactiva categorías de notificaciones push (las no indicadas no cambian)',
        security: secured,
        body: pushPreferencesBodySchema,
        response: { 200: pushPreferencesSchema, 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => updatePushPreferences(deps, request.user, request.body),
  );
  return Promise.resolve();
};
