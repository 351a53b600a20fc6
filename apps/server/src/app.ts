import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import path from 'node:path';
import type { Options as Argon2Options } from '@node-rs/argon2';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config/env';
import { createDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { AppError, COMMON_MESSAGES } from './lib/app-error';
import { defaultLoggerOptions, requestLogging } from './lib/logger';
import { createPasswordHasher, type PasswordHasher } from './lib/password';
import { authRoutes } from './modules/auth/auth.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { findEmailRecipients } from './modules/chat/chat.service';
import type { ExpiryEmailRecipients } from './modules/products/listing-expiry';
import { healthRoutes } from './modules/health/health.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import {
  PASSKEY_SIGN_IN_PREFIX,
  passkeySignInRoutes,
  passkeysRoutes,
} from './modules/passkeys/passkeys.routes';
import { insertNotification } from './modules/notifications/notifications.service';
import { imageWorkQueue } from './modules/products/images';
import { createProductHeadRenderer } from './modules/products/product-head';
import { productTestHooksRoutes } from './modules/products/test-hooks.routes';
import { productsRoutes } from './modules/products/products.routes';
import { pushRoutes } from './modules/push/push.routes';
import { PRODUCTS_CHANGED_TOPIC } from './modules/products/products.service';
import { SESSION_USERS_CHANGED_TOPIC, SESSIONS_REVOKED_TOPIC } from './db/sessions';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { handoffsRoutes } from './modules/sales/handoffs.routes';
import { meetupSpotsRoutes } from './modules/meetups/meetup-spots.routes';
import { meetupsRoutes } from './modules/sales/meetups.routes';
import { findMessageMeetups } from './modules/sales/meetups.service';
import { salesRoutes } from './modules/sales/sales.routes';
import { blocksRoutes, moderationRoutes, reportsRoutes } from './modules/safety/safety.routes';
import { hasAcceptedSale, rejectPendingOffers, totalEarnedBy } from './modules/sales/sales.service';
import { rolesRoutes } from './modules/roles/roles.routes';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { usersRoutes } from './modules/users/users.routes';
import { depsOf } from './lib/deps';
import { authPlugin } from './plugins/auth';
import { brokerPlugin } from './plugins/broker';
import { busPlugin } from './plugins/bus';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { drainPlugin } from './plugins/drain';
import { errorServerOptions, registerErrorHandling } from './plugins/errors';
import { mailPlugin } from './plugins/mail';
import { metricsPlugin } from './plugins/metrics';
import { notifierPlugin } from './plugins/notifier';
import { rateLimitPlugin, type RateLimitSettings } from './plugins/rate-limit';
import { realtimePlugin, type RealtimeSettings } from './plugins/realtime';
import { redisPlugin } from './plugins/redis';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { webPlugin } from './plugins/web';
import { loadWebBuild } from './plugins/web-build';

// Zod's built-in messages (for issues without a custom message) in Spanish.
z.config(z.locales.es());

export type BuildAppOptions = {
  config: AppConfig;
  /** A ready database (tests inject a cloned one); the app then leaves closing it to the caller. */
  database?: DatabaseHandle;
  /** Override pino options (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  rateLimits?: Partial<RateLimitSettings>;
  /** STOMP endpoint limits and timings (tests lower them). */
  realtime?: Partial<RealtimeSettings>;
  /** Tests may lower argon2id's cost; production keeps the default. */
  argon2?: Partial<Argon2Options>;
  /** Clock for token expiry rules (tests). */
  now?: () => Date;
  /** Told of every route as it is registered, before any plugin (tests list the routes). */
  onRoute?: (route: RouteOptions) => void;
  /** The HTTPS agent pushes are sent with (tests: one that trusts their local push service). */
  pushAgent?: Agent;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    passwords: PasswordHasher;
    now: () => Date;
  }
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Opens the configured database, applies migrations and the idempotent seed. */
export const openDatabase = async (config: AppConfig): Promise<DatabaseHandle> =>
  config.databaseUrl
    ? createDatabase({ databaseUrl: config.databaseUrl })
    : createDatabase({ dataDir: path.join(config.dataDir, 'pglite') });

export const prepareDatabase = async (handle: DatabaseHandle, config: AppConfig) => {
  await handle.migrate();
  await seedDatabase(handle.db, { adminEmails: config.adminEmails });
};

/**
 * Clients written to the spec send `Content-Type: application/json` on every call, also on the
 * body-less POST/PUT/PATCH calls (verify, resend, accept, sold...). An empty JSON body therefore
 * means "no body" instead of a 400; anything else goes through Fastify's safe JSON parser.
 */
const acceptEmptyJsonBodies = (app: FastifyInstance) => {
  // Fastify's default JSON parser is the callback style (it also refuses __proto__ poisoning).
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
};

/**
 * Where a NUL character hides in a parsed request part (a JSON pointer relative to it, '' for the
 * part itself), if anywhere. Builds nothing on the way down: almost every request is clean.
 */
const findNul = (value: unknown, depth = 0): string | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || depth > 32) {
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return `/${key}`;
    const found = findNul((value as Record<string, unknown>)[key], depth + 1);
    if (found !== undefined) return `/${key}${found}`;
  }
  return undefined;
};

/**
 * PostgreSQL text cannot hold NUL, so a value carrying one would fail deep inside a query (a 500).
 * It is refused up front, for every route, before any handler or counter runs.
 */
const refuseNulCharacters = (app: FastifyInstance) => {
  const refusal = (part: string, path: string) =>
    new AppError(400, 'VALIDATION_ERROR', COMMON_MESSAGES.invalidCharacters, {
      details: { in: part, path: path || '/' },
    });
  app.addHook('preValidation', (request, _reply, done) => {
    const inParams = findNul(request.params);
    if (inParams !== undefined) return done(refusal('params', inParams));
    const inQuery = findNul(request.query);
    if (inQuery !== undefined) return done(refusal('querystring', inQuery));
    const inBody = findNul(request.body);
    if (inBody !== undefined) return done(refusal('body', inBody));
    done();
  });
};

/**
 * Graceful shutdown, Fastify's lifecycle: once closing begins, requests that arrive get Fastify's
 * 503 with `Connection: close` (`return503OnClosing`), idle keep-alive connections are closed
 * (`forceCloseConnections: 'idle'`) and requests in flight finish. A keep-alive connection whose
 * answer was still in flight becomes idle once that answer is sent; Node's
 * `closeIdleConnections` is run again until the server has closed, so such a connection is
 * closed right after its answer instead of holding the shutdown for the keep-alive timeout.
 */
const CLOSE_IDLE_EVERY_MS = 25;
const closeConnectionsOnceIdle = (app: FastifyInstance) => {
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const timer = setInterval(() => app.server.closeIdleConnections(), CLOSE_IDLE_EVERY_MS);
      timer.unref();
      app.server.once('close', () => clearInterval(timer));
    }
    done();
  });
};

export const buildApp = async (options: BuildAppOptions) => {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? defaultLoggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : randomUUID();
    },
    forceCloseConnections: 'idle',
    // One line per request, written when it is answered (lib/logger.ts).
    ...requestLogging(),
    routerOptions: { ignoreTrailingSlash: true },
    ...errorServerOptions,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('passwords', createPasswordHasher(options.argon2));
  app.decorate('now', options.now ?? (() => new Date()));
  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  refuseNulCharacters(app);

  closeConnectionsOnceIdle(app);
  // Before every route: while draining, each answer carries `Connection: close`.
  await app.register(drainPlugin);

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config));
  try {
    await prepareDatabase(database, config);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }

  await app.register(dbPlugin, { handle: database, closeOnShutdown: ownsDatabase });
  // Before every route, so its request hook sees them all (off without METRICS_TOKEN/PORT).
  await app.register(metricsPlugin, {
    config,
    // The image queue is the products module's (layering: handed over here).
    sources: { imageWork: imageWorkQueue },
  });
  // Read once: the pages it serves, and the hashes of their inline scripts for the CSP.
  const webBuild = loadWebBuild(config.webDistDir, config.appName);
  await app.register(securityPlugin, {
    config,
    inlineScriptSources: webBuild?.inlineScriptSources ?? [],
  });
  // Before every route: its onRoute hook equips the routes registered after it.
  await app.register(compressionPlugin);
  await app.register(redisPlugin, { config });
  await app.register(busPlugin);
  await app.register(brokerPlugin);
  await app.register(notifierPlugin, { insertNotification });
  await app.register(rateLimitPlugin, { settings: options.rateLimits });
  await app.register(mailPlugin, { config });
  await app.register(storagePlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(realtimePlugin, { config, settings: options.realtime });
  await app.register(docsPlugin, { config });

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(passkeySignInRoutes, { prefix: PASSKEY_SIGN_IN_PREFIX });
  await app.register(passkeysRoutes, { prefix: '/api/passkeys' });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(rolesRoutes, { prefix: '/api/roles' });
  await app.register(categoriesRoutes, { prefix: '/api/categories' });
  // The expiry reminder by email follows the member's email settings (the chat module's).
  const expiryEmailRecipients: ExpiryEmailRecipients = (tx, userIds) =>
    findEmailRecipients(tx, 'listingExpiryEmail', userIds);
  await app.register(productsRoutes, {
    prefix: '/api/products',
    // Products and sales do not import each other in a circle: sales reads products, and the
    // offers of a listing being removed or sold are the sales module's, handed over here.
    offers: {
      hasAcceptedSale,
      totalEarnedBy,
      rejectPendingOffers: (scope, product, reason) =>
        rejectPendingOffers(scope, depsOf(app), product, { reason }),
    },
    expiryEmailRecipients,
  });
  await app.register(favoritesRoutes, { prefix: '/api/favorites' });
  await app.register(salesRoutes, { prefix: '/api/sales' });
  await app.register(handoffsRoutes, { prefix: '/api/handoffs' });
  await app.register(meetupsRoutes, { prefix: '/api/meetups' });
  await app.register(meetupSpotsRoutes, { prefix: '/api/meetup-spots' });
  await app.register(reviewsRoutes, { prefix: '/api/reviews' });
  await app.register(chatRoutes, {
    prefix: '/api/chat',
    // The meet-up proposals messages carry are the sales module's (chat comes before sales).
    findMeetups: findMessageMeetups,
  });
  await app.register(notificationsRoutes, { prefix: '/api/notifications' });
  await app.register(pushRoutes, {
    prefix: '/api/push',
    ...(options.pushAgent ? { agent: options.pushAgent } : {}),
  });
  await app.register(reportsRoutes, { prefix: '/api/reports' });
  await app.register(blocksRoutes, { prefix: '/api/blocks' });
  await app.register(moderationRoutes, { prefix: '/api/moderation' });
  await app.register(savedSearchesRoutes, { prefix: '/api/saved-searches' });
  // Browser tests only; never with NODE_ENV=production (config/env.ts, decision 094).
  if (config.testHooks) {
    await app.register(productTestHooksRoutes, { prefix: '/api/test', expiryEmailRecipients });
  }

  await app.register(webPlugin, {
    webDistDir: config.webDistDir,
    build: webBuild,
    appName: config.appName,
    // Product pages carry their own title and OpenGraph tags (link previews).
    renderHead: createProductHeadRenderer(depsOf(app)),
    // Pages rendered with their data show listings and members: a product's change, a member's
    // removal or a change of what their sessions show must not be answered from a page kept
    // from before it.
    dataChangeTopics: [PRODUCTS_CHANGED_TOPIC, SESSIONS_REVOKED_TOPIC, SESSION_USERS_CHANGED_TOPIC],
  });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
