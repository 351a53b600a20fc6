import { Client, type IFrame, type StompSubscription } from '@stomp/stompjs';

/**
 * The STOMP library behind the real-time connection (lib/realtime.ts). Kept apart so the library
 * is loaded only when a signed-in page starts the connection, never in the entry chunk.
 */
export type StompTransportEvents = {
  onConnect: () => void;
  /** An ERROR frame (the server closes after it). */
  onError: (message: string) => void;
  onClose: () => void;
};

export type StompTransport = {
  subscribe: (destination: string, onBody: (body: unknown) => void) => () => void;
  publish: (destination: string, body: unknown, headers?: Record<string, string>) => void;
  close: () => void;
};

/** Heart-beats both ways, so a dead connection is noticed within seconds on either side. */
const HEARTBEAT_MS = 10_000;

export const createStompTransport = (
  url: string,
  connectHeaders: Record<string, string>,
  events: StompTransportEvents,
): StompTransport => {
  const client = new Client({
    brokerURL: url,
    connectHeaders,
    // Reconnection follows the spec's schedule in lib/realtime.ts, not the library's.
    reconnectDelay: 0,
    heartbeatIncoming: HEARTBEAT_MS,
    heartbeatOutgoing: HEARTBEAT_MS,
    debug: () => undefined,
  });
  client.onConnect = () => events.onConnect();
  client.onStompError = (frame: IFrame) =>
    events.onError(frame.headers.message ?? 'Error de conexión');
  client.onWebSocketClose = () => events.onClose();
  client.activate();
  return {
    subscribe: (destination, onBody) => {
      const subscription: StompSubscription = client.subscribe(destination, (message) => {
        try {
          onBody(JSON.parse(message.body) as unknown);
        } catch {
          // A body that is not JSON is not ours to show.
        }
      });
      return () => {
        if (client.connected) subscription.unsubscribe();
      };
    },
    publish: (destination, body, headers = {}) =>
      client.publish({ destination, body: JSON.stringify(body), headers }),
    close: () => void client.deactivate(),
  };
};
