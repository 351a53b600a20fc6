import { USER_QUEUES, type UserQueue } from '@unimercado/shared/chat';
import type { StompFrame } from '@unimercado/shared/stomp';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { AppConfig } from '../../config/env';
import { isAppError } from '../../lib/app-error';
import { readBearerToken } from '../../lib/jwt';
import { readSessionCookie, type AuthUser } from '../auth';
import { isAllowedOrigin } from '../security';
import type { StompConnection } from './connection';
import { refuseSend, type Subscriber, type Subscription } from './delivery';
import { STOMP_ERRORS, type RealtimeSettings } from './settings';

/** What a SEND handler gets: the verified user of the connection and the raw frame. */
export type SendContext = { user: AuthUser; body: string; headers: Record<string, string> };
export type SendHandler = (context: SendContext) => Promise<void>;

/** The session part of a connection: who is on it (once CONNECT succeeded) and what it follows. */
export type Session = Subscriber & {
  user: AuthUser | null;
  token: string | null;
  /** When the session's token expires (ms); the connection ends then. */
  expiresAt: number;
  version: string;
  subscriptions: Map<string, Subscription>;
};

const SUPPORTED_VERSIONS = ['1.2', '1.1', '1.0'] as const;

/** `/user/queue/x` or `/user/{username}/queue/x`: whose queue and which. */
const parseUserDestination = (destination: string) => {
  const match = /^\/user(?:\/([^/]+))?\/queue\/([a-z]+)$/.exec(destination);
  if (!match) return undefined;
  const queue = match[2] as string;
  if (!(queue in USER_QUEUES)) return undefined;
  let owner: string | undefined;
  try {
    owner = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
  } catch {
    owner = match[1];
  }
  return { owner, queue: queue as UserQueue };
};

/** The `{username}` of a destination, or a `username`/`userId` header, may name the user by id, email or name. */
const namesUser = (value: string, user: AuthUser) =>
  value === String(user.id) ||
  value.toLowerCase() === user.email.toLowerCase() ||
  value.trim() === user.name;

const headerOf = (headers: Record<string, string>, name: string) => {
  if (headers[name] !== undefined) return headers[name];
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
};

const negotiateVersion = (headers: Record<string, string>) => {
  const offered = (headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
  return SUPPORTED_VERSIONS.find((version) => offered.includes(version));
};

export type SessionDeps = {
  config: AppConfig;
  limits: Pick<
    RealtimeSettings,
    | 'connectTimeoutMs'
    | 'heartbeatSendMs'
    | 'heartbeatReceiveMs'
    | 'maxConnectionsPerUser'
    | 'maxSubscriptions'
  >;
  log: FastifyBaseLogger;
  resolveSession: (token: string | undefined) => Promise<AuthUser | undefined>;
};

/**
 * The sessions of the STOMP endpoint on this instance: identity (CONNECT by bearer token, or by
 * the session cookie from an allowed origin), the subscriptions to one's own queues, SEND to the
 * registered handlers, and the sessions by user (for delivery and revocation).
 */
export const createSessions = ({ config, limits, log, resolveSession }: SessionDeps) => {
  const sendHandlers = new Map<string, SendHandler>();
  const all = new Set<Session>();
  const byUser = new Map<number, Set<Session>>();

  const forget = (session: Session) => {
    all.delete(session);
    if (session.user) {
      const set = byUser.get(session.user.id);
      set?.delete(session);
      if (set?.size === 0) byUser.delete(session.user.id);
    }
  };

  const resolveIdentity = async (
    request: FastifyRequest,
    headers: Record<string, string>,
  ): Promise<{ user: AuthUser; token: string } | { error: string }> => {
    const authorization = headerOf(headers, 'authorization');
    if (authorization !== undefined) {
      const token = readBearerToken(authorization);
      const user = await resolveSession(token);
      return user && token ? { user, token } : { error: STOMP_ERRORS.invalidSession };
    }
    // Clients that only send username/userId (the spec's) rely on the HttpOnly cookie set at
    // login, accepted only from a page of an allowed origin (no cross-site socket hijacking).
    const cookie = readSessionCookie(request);
    const origin = request.headers.origin;
    if (!cookie || !origin || !isAllowedOrigin(config, origin)) {
      return { error: STOMP_ERRORS.unauthenticated };
    }
    const user = await resolveSession(cookie);
    return user ? { user, token: cookie } : { error: STOMP_ERRORS.invalidSession };
  };

  const handleConnect = async (session: Session, request: FastifyRequest, frame: StompFrame) => {
    const { connection } = session;
    if (session.user) return connection.fail(STOMP_ERRORS.unsupported, frame);
    const version = negotiateVersion(frame.headers);
    if (!version) return connection.fail(STOMP_ERRORS.version, frame);
    const identity = await resolveIdentity(request, frame.headers);
    if ('error' in identity) return connection.fail(identity.error, frame);
    const { user, token } = identity;
    const userId = headerOf(frame.headers, 'userid');
    const username = headerOf(frame.headers, 'username');
    if (
      (userId !== undefined && userId !== String(user.id)) ||
      (username !== undefined && username !== '' && !namesUser(username, user))
    ) {
      return connection.fail(STOMP_ERRORS.identityMismatch, frame);
    }
    const mine = byUser.get(user.id) ?? new Set<Session>();
    if (mine.size >= limits.maxConnectionsPerUser) {
      return connection.fail(STOMP_ERRORS.tooManyConnections, frame);
    }
    // The peer may have gone while we were checking; a closed socket must not be registered.
    if (connection.isClosed) return;
    // resolveSession verified the token; reading its expiry again needs no second signature check.
    const { exp } = decodeJwt(token);
    session.expiresAt = typeof exp === 'number' ? exp * 1000 : Date.now();
    session.user = user;
    session.token = token;
    session.version = version;
    mine.add(session);
    byUser.set(user.id, mine);

    // heart-beat: cx,cy from the client; each side sends at the larger of what one offers and
    // the other wants, 0 meaning never (STOMP 1.2, "Heart-beating").
    const [cx = 0, cy = 0] = (frame.headers['heart-beat'] ?? '0,0')
      .split(',')
      .map((part) => Number.parseInt(part, 10) || 0);
    connection.sendEveryMs =
      cy > 0 && limits.heartbeatSendMs > 0 ? Math.max(cy, limits.heartbeatSendMs) : 0;
    connection.expectEveryMs =
      cx > 0 && limits.heartbeatReceiveMs > 0 ? Math.max(cx, limits.heartbeatReceiveMs) : 0;
    connection.send({
      command: 'CONNECTED',
      headers: {
        version,
        'heart-beat': `${limits.heartbeatSendMs},${limits.heartbeatReceiveMs}`,
        server: config.appName,
        session: connection.id,
        'user-name': String(user.id),
      },
      body: '',
    });
  };

  const handleSubscribe = (session: Session, user: AuthUser, frame: StompFrame) => {
    const { connection } = session;
    const destination = frame.headers.destination ?? '';
    const target = parseUserDestination(destination);
    if (!target) {
      const other = /^\/user\/([^/]+)\//.exec(destination);
      if (other) return connection.fail(STOMP_ERRORS.foreignQueue, frame);
      return connection.fail(STOMP_ERRORS.unknownDestination, frame);
    }
    if (target.owner !== undefined && !namesUser(target.owner, user)) {
      return connection.fail(STOMP_ERRORS.foreignQueue, frame);
    }
    const id = frame.headers.id ?? (session.version === '1.0' ? destination : undefined);
    if (id === undefined) return connection.fail(STOMP_ERRORS.unknownDestination, frame);
    if (session.subscriptions.has(id)) {
      return connection.fail(STOMP_ERRORS.duplicateSubscription, frame);
    }
    if (session.subscriptions.size >= limits.maxSubscriptions) {
      return connection.fail(STOMP_ERRORS.tooManySubscriptions, frame);
    }
    session.subscriptions.set(id, { id, destination, queue: target.queue });
    connection.receipt(frame);
  };

  const handleSend = async (session: Session, user: AuthUser, frame: StompFrame) => {
    const { connection } = session;
    const destination = frame.headers.destination ?? '';
    const handler = sendHandlers.get(destination);
    if (!handler) return connection.fail(STOMP_ERRORS.unknownDestination, frame);
    // Someone who verified their email while connected may chat without reconnecting.
    let sender = user;
    if (!user.verified && session.token) {
      const fresh = await resolveSession(session.token);
      if (!fresh) return connection.fail(STOMP_ERRORS.sessionEnded, frame);
      sender = fresh;
      session.user = fresh;
    }
    try {
      await handler({ user: sender, body: frame.body, headers: frame.headers });
      connection.receipt(frame);
    } catch (error) {
      if (isAppError(error)) {
        refuseSend(session, frame, error.code, error.message);
      } else {
        log.error({ err: error, connection: connection.id }, 'STOMP SEND failed');
        refuseSend(session, frame, 'INTERNAL_ERROR', STOMP_ERRORS.sendFailed);
      }
    }
  };

  const handleFrame = async (session: Session, request: FastifyRequest, frame: StompFrame) => {
    const { connection } = session;
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') {
      return handleConnect(session, request, frame);
    }
    const { user } = session;
    if (!user) return connection.fail(STOMP_ERRORS.notConnected, frame);
    switch (frame.command) {
      case 'SUBSCRIBE':
        return handleSubscribe(session, user, frame);
      case 'UNSUBSCRIBE': {
        const id = frame.headers.id ?? frame.headers.destination ?? '';
        session.subscriptions.delete(id);
        return connection.receipt(frame);
      }
      case 'SEND':
        return handleSend(session, user, frame);
      case 'DISCONNECT':
        connection.receipt(frame);
        return connection.close();
      case 'ACK':
      case 'NACK':
        // Subscriptions are ack:auto; acknowledgements have nothing to confirm.
        return connection.receipt(frame);
      default:
        return connection.fail(STOMP_ERRORS.unsupported, frame);
    }
  };

  return {
    /** Registers the handler of `SEND <destination>`. */
    onSend: (destination: string, handler: SendHandler) => {
      sendHandlers.set(destination, handler);
    },
    /** Starts the session of a new connection (opened by `request`). */
    open: (connection: StompConnection, request: FastifyRequest) => {
      const session: Session = {
        connection,
        user: null,
        token: null,
        expiresAt: Number.POSITIVE_INFINITY,
        version: '1.2',
        subscriptions: new Map(),
      };
      all.add(session);
      connection.onClose(() => forget(session));
      connection.listen((frame) => handleFrame(session, request, frame));
    },
    /** Ends sessions past their deadline: no CONNECT in time, or an expired token. */
    sweep: (now: number) => {
      for (const session of all) {
        const { connection } = session;
        if (!session.user) {
          if (now - connection.openedAt > limits.connectTimeoutMs) connection.close(1008);
        } else if (now >= session.expiresAt) {
          connection.fail(STOMP_ERRORS.sessionEnded);
        }
      }
    },
    /** The connections of a user whose sessions were revoked end at once. */
    revoke: (userIds: readonly number[]) => {
      for (const userId of userIds) {
        for (const session of [...(byUser.get(userId) ?? [])]) {
          session.connection.fail(STOMP_ERRORS.sessionEnded);
        }
      }
    },
    sessionsOf: (userId: number): Iterable<Session> | undefined => byUser.get(userId),
    connections: () => [...all].map((session) => session.connection),
    connectedCount: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
  };
};
