import { idParamsSchema } from '@unimercado/shared/schemas/common';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { products } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { depsOf } from '../../lib/deps';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/products';
import { runListingExpiry, type ExpiryEmailRecipients } from './listing-expiry';
import { PRODUCTS_CHANGED_TOPIC } from './products.queries';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Browser tests only (TEST_HOOKS=1, refused with NODE_ENV=production; app.ts registers it only
 * then): moves one listing's expiry date as if the clock had moved, then runs the expiry pass
 * the periodic job runs (decision 094). Moving the server's clock instead would also expire
 * every session and rate-limit window of the run.
 */
export const productTestHooksRoutes: FastifyPluginAsyncZod<{
  expiryEmailRecipients: ExpiryEmailRecipients;
}> = (app, { expiryEmailRecipients }) => {
  const deps = { ...depsOf(app), expiryEmailRecipients };
  app.post(
    '/products/:id/expiry',
    {
      schema: {
        hide: true,
        params: idParamsSchema,
        body: z.object({ expiresInDays: z.number().min(-3650).max(3650) }),
        response: { 200: z.object({ reminded: z.number(), expired: z.number() }) },
      },
    },
    async (request) => {
      const expiresAt = new Date(deps.now().getTime() + request.body.expiresInDays * DAY_MS);
      const changed = await deps.db
        .update(products)
        .set({ expiresAt })
        .where(eq(products.id, request.params.id))
        .returning({ id: products.id });
      if (changed.length === 0) throw new AppError(404, 'NOT_FOUND', PRODUCT_MESSAGES.notFound);
      await deps.bus.publish(PRODUCTS_CHANGED_TOPIC, {});
      const { reminded, expired } = await runListingExpiry(deps);
      return { reminded, expired };
    },
  );
  return Promise.resolve();
};
