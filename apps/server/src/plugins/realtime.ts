import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import { CHAT_LIMITS, USER_QUEUES, type ChatError, type UserQueue } from '@unimercado/shared/chat';
import {
  encodeFrame,
  StompDecoder,
  StompProtocolError,
  type StompFrame,
} from '@unimercado/shared/stomp';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import type { AppConfig } from '../config/env';
import { COMMON_MESSAGES, isAppError } from '../lib/app-error';
import { readBearerToken } from '../lib/jwt';
import { isSessionsRevokedEvent, SESSIONS_REVOKED_TOPIC } from '../modules/users/sessions';
import { readSessionCookie, type AuthUser } from './auth';
import { isAllowedOrigin } from './security';

/** Tunables of the STOMP endpoint; tests lower them. */
export type RealtimeSettings = {
  /** Bytes of one STOMP frame (architecture.md: 8 KB). */
  maxFrameBytes: number;
  /** Per-connection token bucket over client frames: burst size and refill per second. */
  frameBurst: number;
  framesPerSecond: number;
  /** A socket that has not sent CONNECT by then is closed. */
  connectTimeoutMs: number;
  /** Heart-beat the server offers (`heart-beat: sx,sy`); 0 disables that direction. */
  heartbeatSendMs: number;
  heartbeatReceiveMs: number;
  /** WebSocket-level ping to find dead peers that send no heart-beats (the spec's client). */
  pingIntervalMs: number;
  /** Open connections one user may hold (tabs, devices). */
  maxConnectionsPerUser: number;
  maxSubscriptions: number;
  /** A peer this far behind in reading is dropped, so one slow reader cannot hoard memory. */
  maxBufferedBytes: number;
};

export const DEFAULT_REALTIME_SETTINGS: RealtimeSettings = {
  maxFrameBytes: CHAT_LIMITS.frameMaxBytes,
  frameBurst: 20,
  framesPerSecond: 5,
  connectTimeoutMs: 10_000,
  heartbeatSendMs: 10_000,
  heartbeatReceiveMs: 10_000,
  pingIntervalMs: 30_000,
  maxConnectionsPerUser: 20,
  maxSubscriptions: 16,
  maxBufferedBytes: 1024 * 1024,
};

export const STOMP_ERRORS = {
  notConnected: 'Primero debes enviar CONNECT.',
  unauthenticated: 'No estás autenticado',
  invalidSession: COMMON_MESSAGES.unauthorized,
  identityMismatch: 'Los encabezados username/userId no corresponden a tu sesión.',
  foreignQueue: 'No puedes suscribirte a la cola de otro usuario.',
  unknownDestination: 'Destino desconocido.',
  tooLarge: `La trama supera el tamaño máximo (${CHAT_LIMITS.frameMaxBytes} bytes).`,
  rateLimited: 'Demasiados mensajes en poco tiempo. Vuelve a conectarte en unos segundos.',
  version: 'Versión de STOMP no soportada (se admiten 1.0, 1.1 y 1.2).',
  tooManyConnections: 'Demasiadas conexiones abiertas para esta cuenta.',
  tooManySubscriptions: 'Demasiadas suscripciones en esta conexión.',
  duplicateSubscription: 'Ya existe una suscripción con ese id.',
  sessionEnded: 'Tu sesión ha terminado. Inicia sesión de nuevo.',
  unsupported: 'Comando STOMP no soportado.',
  sendFailed: 'Error al enviar mensaje',
} as const;

/** What a SEND handler gets: the verified user of the connection and the raw frame. */
export type SendContext = { user: AuthUser; body: string; headers: Record<string, string> };
export type SendHandler = (context: SendContext) => Promise<void>;

export type Realtime = {
  /** Registers the handler of `SEND <destination>` (the chat module owns /app/chat.private). */
  onSend: (destination: string, handler: SendHandler) => void;
  /** Open, authenticated connections on this instance (health, benchmarks). */
  connectionCount: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const SUPPORTED_VERSIONS = ['1.2', '1.1', '1.0'] as const;

type Subscription = { id: string; destination: string; queue: UserQueue };

type Connection = {
  id: string;
  socket: WebSocket;
  decoder: StompDecoder;
  /** Set once CONNECT succeeded. */
  user: AuthUser | null;
  token: string | null;
  expiresAt: number;
  version: string;
  subscriptions: Map<string, Subscription>;
  openedAt: number;
  lastReceivedAt: number;
  lastSentAt: number;
  sendEveryMs: number;
  expectEveryMs: number;
  tokens: number;
  tokensAt: number;
  isAlive: boolean;
  isClosed: boolean;
  /** Frames are handled one after the other, in arrival order. */
  queue: Promise<void>;
};

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

const queueOfDestination = (destination: string): UserQueue | undefined =>
  (Object.keys(USER_QUEUES) as UserQueue[]).find((queue) => USER_QUEUES[queue] === destination);

const headerOf = (headers: Record<string, string>, name: string) => {
  if (headers[name] !== undefined) return headers[name];
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
};

export const realtimePlugin = fp<{ config: AppConfig; settings?: Partial<RealtimeSettings> }>(
  async (app, { config, settings }) => {
    const limits: RealtimeSettings = { ...DEFAULT_REALTIME_SETTINGS, ...settings };
    const log: FastifyBaseLogger = app.log.child({ module: 'realtime' });
    const sendHandlers = new Map<string, SendHandler>();
    const all = new Set<Connection>();
    const byUser = new Map<number, Set<Connection>>();
    let messageSequence = 0;

    const write = (connection: Connection, text: string) => {
      if (connection.isClosed || connection.socket.readyState !== connection.socket.OPEN) return;
      if (connection.socket.bufferedAmount > limits.maxBufferedBytes) {
        log.warn({ connection: connection.id }, 'dropping a peer that does not read');
        close(connection, 1013);
        return;
      }
      connection.socket.send(text);
      connection.lastSentAt = Date.now();
    };
    const sendFrame = (connection: Connection, frame: StompFrame) =>
      write(connection, encodeFrame(frame));

    const forget = (connection: Connection) => {
      all.delete(connection);
      if (connection.user) {
        const set = byUser.get(connection.user.id);
        set?.delete(connection);
        if (set?.size === 0) byUser.delete(connection.user.id);
      }
    };

    const close = (connection: Connection, code = 1000) => {
      if (connection.isClosed) return;
      connection.isClosed = true;
      forget(connection);
      connection.socket.close(code);
    };

    /** STOMP: an ERROR frame, then the connection closes. */
    const fail = (connection: Connection, message: string, cause?: StompFrame) => {
      const receipt = cause?.headers.receipt;
      sendFrame(connection, {
        command: 'ERROR',
        headers: {
          message,
          'content-type': 'text/plain;charset=utf-8',
          ...(receipt ? { 'receipt-id': receipt } : {}),
        },
        body: message,
      });
      close(connection, 1008);
    };

    const receipt = (connection: Connection, frame: StompFrame) => {
      const id = frame.headers.receipt;
      if (id !== undefined)
        sendFrame(connection, { command: 'RECEIPT', headers: { 'receipt-id': id }, body: '' });
    };

    const deliverTo = (connection: Connection, queue: UserQueue, json: string) => {
      for (const subscription of connection.subscriptions.values()) {
        if (subscription.queue !== queue) continue;
        messageSequence += 1;
        sendFrame(connection, {
          command: 'MESSAGE',
          headers: {
            subscription: subscription.id,
            'message-id': `${connection.id}-${messageSequence}`,
            destination: subscription.destination,
            'content-type': 'application/json',
          },
          body: json,
        });
      }
    };

    /** A refused SEND goes back to that connection's error queue (the connection stays open). */
    const refuseSend = (
      connection: Connection,
      frame: StompFrame,
      code: string,
      message: string,
    ) => {
      const body: ChatError = {
        code,
        error: message,
        message,
        ...(frame.headers.receipt ? { receiptId: frame.headers.receipt } : {}),
      };
      deliverTo(connection, 'errors', JSON.stringify(body));
    };

    const allowFrame = (connection: Connection) => {
      const now = Date.now();
      connection.tokens = Math.min(
        limits.frameBurst,
        connection.tokens + ((now - connection.tokensAt) / 1000) * limits.framesPerSecond,
      );
      connection.tokensAt = now;
      if (connection.tokens < 1) return false;
      connection.tokens -= 1;
      return true;
    };

    const resolveIdentity = async (
      request: FastifyRequest,
      headers: Record<string, string>,
    ): Promise<{ user: AuthUser; token: string } | { error: string }> => {
      const authorization = headerOf(headers, 'authorization');
      if (authorization !== undefined) {
        const token = readBearerToken(authorization);
        const user = await app.resolveSession(token);
        return user && token ? { user, token } : { error: STOMP_ERRORS.invalidSession };
      }
      // Clients that only send username/userId (the spec's) rely on the HttpOnly cookie set at
      // login, accepted only from a page of an allowed origin (no cross-site socket hijacking).
      const cookie = readSessionCookie(request);
      const origin = request.headers.origin;
      if (!cookie || !origin || !isAllowedOrigin(config, origin)) {
        return { error: STOMP_ERRORS.unauthenticated };
      }
      const user = await app.resolveSession(cookie);
      return user ? { user, token: cookie } : { error: STOMP_ERRORS.invalidSession };
    };

    const negotiateVersion = (headers: Record<string, string>) => {
      const offered = (headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
      return SUPPORTED_VERSIONS.find((version) => offered.includes(version));
    };

    const handleConnect = async (
      connection: Connection,
      request: FastifyRequest,
      frame: StompFrame,
    ) => {
      if (connection.user) return fail(connection, STOMP_ERRORS.unsupported, frame);
      const version = negotiateVersion(frame.headers);
      if (!version) return fail(connection, STOMP_ERRORS.version, frame);
      const identity = await resolveIdentity(request, frame.headers);
      if ('error' in identity) return fail(connection, identity.error, frame);
      const { user, token } = identity;
      const userId = headerOf(frame.headers, 'userid');
      const username = headerOf(frame.headers, 'username');
      if (
        (userId !== undefined && userId !== String(user.id)) ||
        (username !== undefined && username !== '' && !namesUser(username, user))
      ) {
        return fail(connection, STOMP_ERRORS.identityMismatch, frame);
      }
      const mine = byUser.get(user.id) ?? new Set<Connection>();
      if (mine.size >= limits.maxConnectionsPerUser) {
        return fail(connection, STOMP_ERRORS.tooManyConnections, frame);
      }
      // The peer may have gone while we were checking; a closed socket must not be registered.
      if (connection.isClosed) return;
      // resolveSession verified the token; reading its expiry again needs no second signature check.
      const { exp } = decodeJwt(token);
      connection.expiresAt = typeof exp === 'number' ? exp * 1000 : Date.now();
      connection.user = user;
      connection.token = token;
      connection.version = version;
      mine.add(connection);
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
      sendFrame(connection, {
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

    const handleSubscribe = (connection: Connection, user: AuthUser, frame: StompFrame) => {
      const destination = frame.headers.destination ?? '';
      const target = parseUserDestination(destination);
      if (!target) {
        const other = /^\/user\/([^/]+)\//.exec(destination);
        if (other) return fail(connection, STOMP_ERRORS.foreignQueue, frame);
        return fail(connection, STOMP_ERRORS.unknownDestination, frame);
      }
      if (target.owner !== undefined && !namesUser(target.owner, user)) {
        return fail(connection, STOMP_ERRORS.foreignQueue, frame);
      }
      const id = frame.headers.id ?? (connection.version === '1.0' ? destination : undefined);
      if (id === undefined) return fail(connection, STOMP_ERRORS.unknownDestination, frame);
      if (connection.subscriptions.has(id)) {
        return fail(connection, STOMP_ERRORS.duplicateSubscription, frame);
      }
      if (connection.subscriptions.size >= limits.maxSubscriptions) {
        return fail(connection, STOMP_ERRORS.tooManySubscriptions, frame);
      }
      connection.subscriptions.set(id, { id, destination, queue: target.queue });
      receipt(connection, frame);
    };

    const handleSend = async (connection: Connection, user: AuthUser, frame: StompFrame) => {
      const destination = frame.headers.destination ?? '';
      const handler = sendHandlers.get(destination);
      if (!handler) return fail(connection, STOMP_ERRORS.unknownDestination, frame);
      // Someone who verified their email while connected may chat without reconnecting.
      let sender = user;
      if (!user.verified && connection.token) {
        const fresh = await app.resolveSession(connection.token);
        if (!fresh) return fail(connection, STOMP_ERRORS.sessionEnded, frame);
        sender = fresh;
        connection.user = fresh;
      }
      try {
        await handler({ user: sender, body: frame.body, headers: frame.headers });
        receipt(connection, frame);
      } catch (error) {
        if (isAppError(error)) {
          refuseSend(connection, frame, error.code, error.message);
        } else {
          log.error({ err: error, connection: connection.id }, 'STOMP SEND failed');
          refuseSend(connection, frame, 'INTERNAL_ERROR', STOMP_ERRORS.sendFailed);
        }
      }
    };

    const handleFrame = async (
      connection: Connection,
      request: FastifyRequest,
      frame: StompFrame,
    ) => {
      if (connection.isClosed) return;
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') {
        return handleConnect(connection, request, frame);
      }
      const { user } = connection;
      if (!user) return fail(connection, STOMP_ERRORS.notConnected, frame);
      switch (frame.command) {
        case 'SUBSCRIBE':
          return handleSubscribe(connection, user, frame);
        case 'UNSUBSCRIBE': {
          const id = frame.headers.id ?? frame.headers.destination ?? '';
          connection.subscriptions.delete(id);
          return receipt(connection, frame);
        }
        case 'SEND':
          return handleSend(connection, user, frame);
        case 'DISCONNECT':
          receipt(connection, frame);
          return close(connection);
        case 'ACK':
        case 'NACK':
          // Subscriptions are ack:auto; acknowledgements have nothing to confirm.
          return receipt(connection, frame);
        default:
          return fail(connection, STOMP_ERRORS.unsupported, frame);
      }
    };

    const onMessage = (connection: Connection, request: FastifyRequest, data: RawData) => {
      connection.lastReceivedAt = Date.now();
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : data;
      let events;
      try {
        events = connection.decoder.push(bytes);
      } catch (error) {
        if (error instanceof StompProtocolError) {
          return fail(
            connection,
            error.reason === 'too-large' ? STOMP_ERRORS.tooLarge : error.message,
          );
        }
        throw error;
      }
      for (const event of events) {
        if (event.kind !== 'frame') continue;
        if (!allowFrame(connection)) return fail(connection, STOMP_ERRORS.rateLimited, event.frame);
        connection.queue = connection.queue
          .then(() => handleFrame(connection, request, event.frame))
          .catch((error: unknown) => {
            log.error({ err: error, connection: connection.id }, 'STOMP frame failed');
            fail(connection, COMMON_MESSAGES.internal);
          });
      }
    };

    await app.register(websocket, {
      // Frames are capped at maxFrameBytes by the STOMP decoder (an ERROR frame says why); the
      // WebSocket limit only stops a peer from making us buffer a huge message first.
      options: { maxPayload: Math.max(64 * 1024, limits.maxFrameBytes * 2) },
    });

    app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
      const now = Date.now();
      const connection: Connection = {
        id: randomUUID(),
        socket,
        decoder: new StompDecoder(limits.maxFrameBytes),
        user: null,
        token: null,
        expiresAt: Number.POSITIVE_INFINITY,
        version: '1.2',
        subscriptions: new Map(),
        openedAt: now,
        lastReceivedAt: now,
        lastSentAt: now,
        sendEveryMs: 0,
        expectEveryMs: 0,
        tokens: limits.frameBurst,
        tokensAt: now,
        isAlive: true,
        isClosed: false,
        queue: Promise.resolve(),
      };
      all.add(connection);
      socket.on('message', (data) => onMessage(connection, request, data));
      socket.on('pong', () => {
        connection.isAlive = true;
      });
      socket.on('close', () => {
        connection.isClosed = true;
        forget(connection);
      });
      socket.on('error', (error) => {
        log.debug({ err: error, connection: connection.id }, 'websocket error');
      });
    });

    // One sweep for every connection: heart-beats, CONNECT and token deadlines, dead peers.
    let lastPing = Date.now();
    const sweep = setInterval(() => {
      const now = Date.now();
      const ping = limits.pingIntervalMs > 0 && now - lastPing >= limits.pingIntervalMs;
      if (ping) lastPing = now;
      for (const connection of all) {
        if (!connection.user) {
          if (now - connection.openedAt > limits.connectTimeoutMs) close(connection, 1008);
          continue;
        }
        if (now >= connection.expiresAt) {
          fail(connection, STOMP_ERRORS.sessionEnded);
          continue;
        }
        if (
          connection.expectEveryMs > 0 &&
          now - connection.lastReceivedAt > connection.expectEveryMs * 2
        ) {
          close(connection, 1001);
          continue;
        }
        if (connection.sendEveryMs > 0 && now - connection.lastSentAt >= connection.sendEveryMs) {
          write(connection, '\n');
        }
        if (ping) {
          if (!connection.isAlive) {
            connection.isClosed = true;
            forget(connection);
            connection.socket.terminate();
            continue;
          }
          connection.isAlive = false;
          connection.socket.ping();
        }
      }
    }, 250);
    sweep.unref();

    const stopDeliveries = app.broker.onDelivery(({ userId, destination, body }) => {
      const connections = byUser.get(userId);
      const queue = queueOfDestination(destination);
      if (!connections || !queue) return;
      const json = JSON.stringify(body);
      for (const connection of connections) deliverTo(connection, queue, json);
    });

    // A deleted user, or one whose token version changed, is disconnected at once.
    const stopRevocations = app.bus.subscribe(SESSIONS_REVOKED_TOPIC, (payload) => {
      if (!isSessionsRevokedEvent(payload)) return;
      for (const userId of payload.userIds) {
        for (const connection of [...(byUser.get(userId) ?? [])]) {
          fail(connection, STOMP_ERRORS.sessionEnded);
        }
      }
    });

    app.decorate('realtime', {
      onSend: (destination, handler) => {
        sendHandlers.set(destination, handler);
      },
      connectionCount: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
    } satisfies Realtime);

    app.addHook('preClose', () => {
      clearInterval(sweep);
      stopDeliveries();
      stopRevocations();
      for (const connection of [...all]) close(connection, 1001);
    });
  },
  { name: 'realtime', dependencies: ['auth', 'broker', 'bus', 'security'] },
);
