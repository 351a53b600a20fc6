import { errorBodySchema } from '@unimercado/shared/errors';
import { idParamsSchema } from '@unimercado/shared/schemas/common';
import { meetupSchema } from '@unimercado/shared/schemas/meetups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../lib/deps';
import { startPeriodic } from '../../lib/periodic';
import { answerMeetup, MEETUP_REMINDERS, runMeetupReminders } from './meetups.service';

const e = errorBodySchema;
const secured = [{ bearerAuth: [] }];

/**
 * Answers to meet-up proposals (decision 083); proposing is `POST /api/handoffs/{id}/meetups`.
 * The reminder an hour before an accepted meet-up runs here, on every instance.
 */
export const meetupsRoutes: FastifyPluginAsyncZod = (app) => {
  const deps = depsOf(app);

  let stopReminders: (() => Promise<void>) | undefined;
  app.addHook('onReady', () => {
    stopReminders = startPeriodic({
      name: 'meet-up reminders',
      intervalMs: MEETUP_REMINDERS.intervalMs,
      firstDelayMs: 30_000,
      run: () => runMeetupReminders(deps),
      log: app.log,
    });
    return Promise.resolve();
  });
  app.addHook('onClose', async () => {
    await stopReminders?.();
  });

  for (const [action, answer, summary] of [
    ['accept', 'accepted', 'Acepta una propuesta de encuentro (solo quien la recibió)'],
    ['decline', 'declined', 'Rechaza una propuesta de encuentro (solo quien la recibió)'],
  ] as const) {
    app.post(
      `/:id/${action}`,
      {
        schema: {
          tags: ['handoffs'],
          summary,
          security: secured,
          params: idParamsSchema,
          response: { 200: meetupSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
        onRequest: [app.authenticate],
      },
      (request) => answerMeetup(deps, request.user, request.params.id, answer),
    );
  }
  return Promise.resolve();
};
