import { CHAT_LIMITS } from '@unimercado/shared/chat';
import { COMMON_MESSAGES } from '../../lib/app-error';

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
  internal: COMMON_MESSAGES.internal,
} as const;
