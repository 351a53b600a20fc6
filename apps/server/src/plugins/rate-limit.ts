import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError, COMMON_MESSAGES } from '../lib/app-error';
import {
  createMemoryCounterStore,
  createRedisCounterStore,
  type CounterStore,
} from '../lib/counter-store';

export type Limit = { max: number; windowMs: number };

/**
 * Per-IP limits stay generous (a whole campus may share one NAT address); per-account limits are
 * strict (architecture.md, API contract).
 */
export type RateLimitSettings = {
  loginPerIp: Limit;
  registerPerIp: Limit;
  resendPerIp: Limit;
  /** Failed logins for one email; a success resets it. */
  loginFailuresPerAccount: Limit;
  /** Verification emails for one address or account (resend and request-verification). */
  verificationEmailsPerAccount: Limit;
  /** Photo upload calls (each re-encodes up to 3 images) per account. */
  uploadsPerAccount: Limit;
  /** Listings published per account. */
  listingsPerAccount: Limit;
  /** Offers made per account (each one notifies a seller). */
  offersPerAccount: Limit;
  /** Forgot-password requests and reset attempts from one address. */
  resetPerIp: Limit;
  /** Password reset emails for one address. */
  passwordResetEmailsPerAccount: Limit;
  /** Other members' profiles one signed-in account reads (they may show email and phone). */
  profileReadsPerAccount: Limit;
  /** Profiles read anonymously from one IP address. */
  profileReadsPerIp: Limit;
  /** Chat messages one account sends, over all its connections (each connection has its own too). */
  chatMessagesPerAccount: Limit;
  /** POST /api/notifications by one account (an echo for someone else may wait up to 2 s). */
  notificationPostsPerAccount: Limit;
  /** Reports one account files (decision 071). */
  reportsPerAccount: Limit;
  /**
   * Pages the server renders with their data for one IP address (decision 036). Past it the
   * visitor gets the prerendered page, never a 429: it bounds the work unique addresses can ask
   * of the server.
   */
  pageRendersPerIp: Limit;
};

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerIp: { max: 300, windowMs: 15 * 60_000 },
  registerPerIp: { max: 100, windowMs: 60 * 60_000 },
  resendPerIp: { max: 100, windowMs: 60 * 60_000 },
  loginFailuresPerAccount: { max: 10, windowMs: 15 * 60_000 },
  verificationEmailsPerAccount: { max: 5, windowMs: 60 * 60_000 },
  uploadsPerAccount: { max: 60, windowMs: 60 * 60_000 },
  listingsPerAccount: { max: 30, windowMs: 60 * 60_000 },
  offersPerAccount: { max: 60, windowMs: 60 * 60_000 },
  resetPerIp: { max: 100, windowMs: 60 * 60_000 },
  passwordResetEmailsPerAccount: { max: 5, windowMs: 60 * 60_000 },
  profileReadsPerAccount: { max: 100, windowMs: 15 * 60_000 },
  profileReadsPerIp: { max: 300, windowMs: 15 * 60_000 },
  chatMessagesPerAccount: { max: 120, windowMs: 60_000 },
  notificationPostsPerAccount: { max: 60, windowMs: 60_000 },
  pageRendersPerIp: { max: 120, windowMs: 60_000 },
  reportsPerAccount: { max: 20, windowMs: 60 * 60_000 },
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimitSettings;
    counters: CounterStore;
  }
}

export const rateLimitedError = (resetInMs: number) => {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new AppError(429, 'RATE_LIMITED', COMMON_MESSAGES.rateLimited, {
    details: { retryAfterSeconds: seconds },
    headers: { 'retry-after': String(seconds) },
  });
};

/** Counts one more use of `key`; throws 429 when that goes over the limit. */
export const consumeLimit = async (counters: CounterStore, key: string, limit: Limit) => {
  const { count, resetInMs } = await counters.increment(key, limit.windowMs);
  if (count > limit.max) throw rateLimitedError(resetInMs);
};

export const rateLimitPlugin = fp<{ settings?: Partial<RateLimitSettings> | undefined }>(
  async (app, { settings }) => {
    const redis = app.redis?.command ?? null;
    const prefix = app.redis?.prefix ?? '';
    app.decorate('rateLimits', { ...DEFAULT_RATE_LIMITS, ...settings });
    app.decorate(
      'counters',
      redis
        ? createRedisCounterStore(redis, `${prefix}counter:`, (error) =>
            app.log.error({ err: error }, 'rate-limit store unavailable; failing open'),
          )
        : createMemoryCounterStore(),
    );
    app.addHook('onClose', () => app.counters.close());
    await app.register(rateLimit, {
      global: false,
      // A Redis outage must not lock every student out: limits fail open (and it is logged).
      skipOnError: true,
      ...(redis ? { redis, nameSpace: `${prefix}rl:` } : {}),
      errorResponseBuilder: (_request, context) => rateLimitedError(context.ttl),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
