import {
  CHAT_MESSAGES,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatUserSchema,
  chatUsersQuerySchema,
  DESTINATIONS,
  markReadResponseSchema,
  unreadMessagesSchema,
  NEXT_CURSOR_HEADER,
  sendChatMessageSchema,
} from '@unimercado/shared/chat';
import { errorBodySchema } from '@unimercado/shared/errors';
import { idSchema } from '@unimercado/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { depsOf } from '../../lib/deps';
import { startPeriodic } from '../../lib/periodic';
import { setTotalCount } from '../../lib/pagination';
import {
  getChatPreferences,
  listChatUsers,
  listConversation,
  countUnreadMessages,
  markConversationRead,
  sendPrivateMessage,
  updateChatPreferences,
  type FindMessageMeetups,
} from './chat.service';
import { runUnreadDigest, UNREAD_DIGEST } from './unread-digest';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

export const CHAT_ROUTE_MESSAGES = {
  badJson: 'El mensaje no es JSON válido.',
} as const;

const chatPreferencesSchema = z.object({
  unreadDigest: z.boolean(),
  /** An email reminder an hour before an accepted meet-up, besides the notification. */
  meetupReminderEmail: z.boolean(),
  /** An email when a listing is about to expire, besides the notification (decision 094). */
  listingExpiryEmail: z.boolean(),
});
/** A setting left out stays as it is. */
const chatPreferencesBodySchema = chatPreferencesSchema.partial();

/** The body of `SEND /app/chat.private`, checked like a request body (400-style refusals). */
const parseSendBody = (body: string) => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', CHAT_ROUTE_MESSAGES.badJson);
  }
  const parsed = sendChatMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue?.path[0] === 'content' && issue.code === 'too_big'
        ? CHAT_MESSAGES.tooLong
        : issue?.path[0] === 'content'
          ? CHAT_MESSAGES.blank
          : (issue?.message ?? CHAT_ROUTE_MESSAGES.badJson);
    throw new AppError(400, 'VALIDATION_ERROR', message, {
      details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return parsed.data;
};

export const chatRoutes: FastifyPluginAsyncZod<{
  /** The meet-up proposals some messages carry: the sales module's, handed over by app.ts. */
  findMeetups?: FindMessageMeetups;
}> = (app, { findMeetups }) => {
  const deps = { ...depsOf(app), findMeetups };

  // The unread-messages digest: every instance looks periodically; one does the work at a time.
  let stopDigest: (() => Promise<void>) | undefined;
  app.addHook('onReady', () => {
    stopDigest = startPeriodic({
      name: 'unread-messages digest',
      intervalMs: UNREAD_DIGEST.intervalMs,
      firstDelayMs: UNREAD_DIGEST.intervalMs,
      run: () => runUnreadDigest(deps),
      log: app.log,
    });
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    await stopDigest?.();
  });

  // Real-time sending (architecture.md, "Real-time chat"); refusals go to /user/queue/errors.
  app.realtime.onSend(DESTINATIONS.chatPrivate, async ({ user, body }) => {
    await sendPrivateMessage(deps, user, parseSendBody(body));
  });

  app.get(
    '/users',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Personas con las que el usuario tiene una conversación (la más reciente primero, con el último mensaje y los no leídos) y después, salvo scope=conversations, los demás miembros verificados (solo id y nombre; primero quienes publicaron hace menos); sin size, hasta 500',
        security: secured,
        querystring: chatUsersQuerySchema,
        response: { 200: z.array(chatUserSchema), 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { items, total } = await listChatUsers(deps, request.user, request.query);
      setTotalCount(reply, total);
      return items;
    },
  );

  app.get(
    '/messages',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Conversación del usuario con userId en orden de lectura (el más antiguo primero): sin size, la conversación entera hasta 500; los anteriores con before = X-Next-Cursor; total en X-Total-Count',
        security: secured,
        querystring: chatMessagesQuerySchema,
        response: { 200: z.array(chatMessageSchema), 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const { items, nextCursor, total } = await listConversation(
        deps,
        request.user,
        request.query,
      );
      setTotalCount(reply, total);
      if (nextCursor !== null) void reply.header(NEXT_CURSOR_HEADER, String(nextCursor));
      return items;
    },
  );

  app.post(
    '/messages',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Envía un mensaje sin WebSocket (mismas reglas que SEND /app/chat.private; se entrega en tiempo real)',
        security: secured,
        body: sendChatMessageSchema,
        response: { 201: chatMessageSchema, 400: e, 401: e, 403: e, 404: e, 429: e },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const message = await sendPrivateMessage(deps, request.user, request.body);
      return reply.status(201).send(message);
    },
  );

  app.put(
    '/messages/read',
    {
      schema: {
        tags: ['chat'],
        summary: 'Marca como leídos los mensajes que userId envió al usuario autenticado',
        security: secured,
        querystring: z.object({ userId: idSchema }),
        response: { 200: markReadResponseSchema, 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => markConversationRead(deps, request.user, request.query.userId),
  );

  app.get(
    '/unread',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Cuántos mensajes recibidos tiene el usuario sin leer, y de cuántas personas (el globo del chat)',
        security: secured,
        response: { 200: unreadMessagesSchema, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => countUnreadMessages(deps, request.user),
  );

  app.get(
    '/preferences',
    {
      schema: {
        tags: ['chat'],
        summary: 'Preferencias de chat del usuario (resumen por email de mensajes sin leer)',
        security: secured,
        response: { 200: chatPreferencesSchema, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => getChatPreferences(deps, request.user),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['chat'],
        summary: 'Cambia las preferencias de chat del usuario',
        security: secured,
        body: chatPreferencesBodySchema,
        response: { 200: chatPreferencesSchema, 400: e, 401: e },
      },
      onRequest: [app.authenticate],
    },
    (request) => updateChatPreferences(deps, request.user, request.body),
  );
  return Promise.resolve();
};
