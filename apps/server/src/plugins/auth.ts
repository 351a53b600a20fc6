import type { User } from '@unimercado/shared/schemas/users';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import { AppError, COMMON_MESSAGES } from '../lib/app-error';
import { createCache } from '../lib/cache';
import {
  isSessionsRevokedEvent,
  SESSION_USERS_CHANGED_TOPIC,
  SESSIONS_REVOKED_TOPIC,
} from '../db/sessions';
import { findSessionUser } from '../db/users.queries';
import {
  createTokenService,
  readBearerToken,
  TOKEN_LIFETIME_SECONDS,
  type TokenService,
} from '../lib/jwt';

/** The signed-in user: their profile as `GET /api/users/{id}` shows it to them, and more. */
export type AuthUser = User & {
  /** When this session last proved the password (epoch seconds; 0 = unknown, long ago). */
  authTime: number;
};

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** 401 unless a valid, unrevoked token of an active user is present. Sets request.user. */
    authenticate: Hook;
    /** Public endpoints: sets request.viewer (null when anonymous or the token is unusable). */
    authenticateOptional: Hook;
    /**
     * The one token resolver: the active user a token stands for, or undefined when it must not
     * be honoured (forged, expired, revoked, deleted user). HTTP hooks and the WebSocket
     * handshake (plugins/realtime.ts) both use it.
     */
    resolveSession: (token: string | undefined) => Promise<AuthUser | undefined>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; only read it on routes that use it. */
    user: AuthUser;
    /** Set by app.authenticate and app.authenticateOptional. */
    viewer: AuthUser | null;
  }
}

export const SESSION_COOKIE = 'um_session';

const sessionCookieOptions = (config: AppConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.publicUrl.startsWith('https:'),
  path: '/',
});

/** The session cookie's token, if the request carries one (cookies are parsed on demand only). */
export const readSessionCookie = (request: FastifyRequest): string | undefined => {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
};

/** The session cookie's `Set-Cookie` header, written as the header itself (no cookie plugin: its
 * `onSend` hook ran for every answer, decision 035). */
const writeSessionCookie = (
  reply: FastifyReply,
  config: AppConfig,
  value: string,
  lifetime: { maxAge: number; expires?: Date },
) =>
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value,
      ...sessionCookieOptions(config),
      ...lifetime,
    }),
  );

/**
 * The HttpOnly session cookie carries the JWT for the WebSocket handshake only; the HTTP API
 * never authenticates by it (architecture.md), so it adds no CSRF surface.
 */
export const setSessionCookie = (reply: FastifyReply, config: AppConfig, token: string) =>
  writeSessionCookie(reply, config, token, { maxAge: TOKEN_LIFETIME_SECONDS });

export const clearSessionCookie = (reply: FastifyReply, config: AppConfig) =>
  writeSessionCookie(reply, config, '', { expires: new Date(0), maxAge: 0 });

/** One indexed query: the user, their roles and their token version. */
export const loadSessionUser = (db: Database, id: number) => findSessionUser(db, id);

/**
 * How long an instance trusts its copy of a session's user. Correctness comes from the bus: a
 * revocation (SESSIONS_REVOKED_TOPIC) or a change of what a session shows
 * (SESSION_USERS_CHANGED_TOPIC) makes every instance forget the user at once. The lifetime only
 * bounds what no event announces (the admin CLI run without REDIS_URL next to a server on
 * PostgreSQL, a hand-made database change).
 */
export const SESSION_CACHE_TTL_MS = 15_000;

type SessionUser = NonNullable<Awaited<ReturnType<typeof loadSessionUser>>>;

export const authPlugin = fp<{ config: AppConfig }>(
  (app, { config }, done) => {
    const tokens = createTokenService(config.jwtSecret, config.publicUrl);
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorateRequest('viewer', null);

    // null: no active user with that id (deleted or never existed).
    const sessions = createCache<SessionUser | null>({
      name: 'session-users',
      ttlMs: SESSION_CACHE_TTL_MS,
      maxEntries: 20_000,
    });
    const forget = (payload: unknown) => {
      if (isSessionsRevokedEvent(payload)) sessions.delete(payload.userIds.map(String));
    };
    const unsubscribers = [
      app.bus.subscribe(SESSIONS_REVOKED_TOPIC, forget),
      app.bus.subscribe(SESSION_USERS_CHANGED_TOPIC, forget),
    ];
    app.addHook('onReady', () => app.bus.whenSubscribed());
    app.addHook('onClose', (_instance, closed) => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      closed();
    });

    /** Resolves a token to its active user, or undefined when it must not be honoured. */
    const resolve = async (token: string | undefined): Promise<AuthUser | undefined> => {
      if (!token) return undefined;
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      const session = await sessions.load(
        String(claims.id),
        async () => (await loadSessionUser(app.db, claims.id)) ?? null,
      );
      if (!session || session.tokenVersion !== claims.tv) return undefined;
      return { ...session.user, authTime: claims.auth_time ?? 0 };
    };

    app.decorate('resolveSession', resolve);

    const unauthorized = () => new AppError(401, 'UNAUTHORIZED', COMMON_MESSAGES.unauthorized);

    // Answers that depend on who asks are never stored by a browser or a shared cache.
    const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      noStore(reply);
      const user = await resolve(readBearerToken(request.headers.authorization));
      if (!user) throw unauthorized();
      request.user = user;
      request.viewer = user;
    });
    app.decorate('authenticateOptional', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = readBearerToken(request.headers.authorization);
      if (token) noStore(reply);
      request.viewer = (await resolve(token)) ?? null;
    });
    done();
  },
  { name: 'auth', dependencies: ['db', 'bus'] },
);
