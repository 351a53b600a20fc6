import websocket from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { isSessionsRevokedEvent, SESSIONS_REVOKED_TOPIC } from '../db/sessions';
import { StompConnection } from './realtime/connection';
import { routeDeliveries } from './realtime/delivery';
import { createSessions, type SendHandler } from './realtime/session';
import {
  DEFAULT_REALTIME_SETTINGS,
  STOMP_ERRORS,
  type RealtimeSettings,
} from './realtime/settings';

export { DEFAULT_REALTIME_SETTINGS, STOMP_ERRORS, type RealtimeSettings };
export type { SendContext, SendHandler } from './realtime/session';

export type Realtime = {
  /** Registers the handler of `SEND <destination>` (the chat module owns /app/chat.private). */
  onSend: (destination: string, handler: SendHandler) => void;
  /** Open, authenticated connections on this instance (health, benchmarks). */
  connectionCount: () => number;
  /** For the metrics: open sockets (signed in or not yet), and MESSAGE frames delivered so far. */
  stats: () => { sockets: number; connections: number; deliveredFrames: number };
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** How often the sweep checks deadlines, heart-beats and pings. */
const SWEEP_EVERY_MS = 250;

/**
 * The STOMP endpoint at `/ws` (decision 021), in three parts: the connection
 * (`realtime/connection.ts`: socket, frames, limits, receipts and errors), the session
 * (`realtime/session.ts`: identity, subscriptions, SEND handlers) and delivery
 * (`realtime/delivery.ts`: the broker's messages to the subscribed sockets). This plugin wires
 * them to the WebSocket route, the sweep, the broker and the bus.
 */
export const realtimePlugin = fp<{ config: AppConfig; settings?: Partial<RealtimeSettings> }>(
  async (app, { config, settings }) => {
    const limits: RealtimeSettings = { ...DEFAULT_REALTIME_SETTINGS, ...settings };
    const log: FastifyBaseLogger = app.log.child({ module: 'realtime' });
    const sessions = createSessions({
      config,
      limits,
      log,
      resolveSession: (token) => app.resolveSession(token),
    });

    await app.register(websocket, {
      // Frames are capped at maxFrameBytes by the STOMP decoder (an ERROR frame says why); the
      // WebSocket limit only stops a peer from making us buffer a huge message first.
      options: { maxPayload: Math.max(64 * 1024, limits.maxFrameBytes * 2) },
    });

    app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
      sessions.open(new StompConnection(socket, limits, log), request);
    });

    // One sweep for every connection: CONNECT and token deadlines, heart-beats, dead peers.
    let lastPing = Date.now();
    const sweep = setInterval(() => {
      const now = Date.now();
      const ping = limits.pingIntervalMs > 0 && now - lastPing >= limits.pingIntervalMs;
      if (ping) lastPing = now;
      sessions.sweep(now);
      for (const connection of sessions.connections()) {
        if (!connection.isClosed) connection.tick(now, ping);
      }
    }, SWEEP_EVERY_MS);
    sweep.unref();

    let deliveredFrames = 0;
    const stopDeliveries = routeDeliveries(app.broker, sessions.sessionsOf, (frames) => {
      deliveredFrames += frames;
    });

    // A deleted user, or one whose token version changed, is disconnected at once.
    const stopRevocations = app.bus.subscribe(SESSIONS_REVOKED_TOPIC, (payload) => {
      if (isSessionsRevokedEvent(payload)) sessions.revoke(payload.userIds);
    });

    app.decorate('realtime', {
      onSend: sessions.onSend,
      connectionCount: sessions.connectedCount,
      stats: () => ({
        sockets: sessions.connections().length,
        connections: sessions.connectedCount(),
        deliveredFrames,
      }),
    } satisfies Realtime);

    app.addHook('preClose', () => {
      clearInterval(sweep);
      stopDeliveries();
      stopRevocations();
      for (const connection of sessions.connections()) connection.close(1001);
    });
  },
  { name: 'realtime', dependencies: ['auth', 'broker', 'bus', 'security'] },
);
