import { vi } from 'vitest';
import type { StompTransport, StompTransportEvents } from '@/lib/stomp-client';

/**
 * A stand-in for lib/stomp-client (use with `vi.mock('@/lib/stomp-client', () => fakeStompModule)`):
 * it connects at once unless told otherwise, records what is published and lets a test push
 * bodies to subscribed destinations as the server would.
 */
export const fakeStomp = {
  connects: true,
  transports: [] as {
    headers: Record<string, string>;
    events: StompTransportEvents;
    published: { destination: string; body: unknown; headers: Record<string, string> }[];
    subscribers: Map<string, (body: unknown) => void>;
  }[],
  reset() {
    this.connects = true;
    this.transports = [];
  },
  /** Delivers `body` to `destination` on the newest connection. */
  push(destination: string, body: unknown) {
    this.transports.at(-1)?.subscribers.get(destination)?.(body);
  },
  get published() {
    return this.transports.flatMap((transport) => transport.published);
  },
};

export const fakeStompModule = {
  createStompTransport: vi.fn(
    (
      _url: string,
      headers: Record<string, string>,
      events: StompTransportEvents,
    ): StompTransport => {
      const entry = {
        headers,
        events,
        published: [] as { destination: string; body: unknown; headers: Record<string, string> }[],
        subscribers: new Map<string, (body: unknown) => void>(),
      };
      fakeStomp.transports.push(entry);
      if (fakeStomp.connects) queueMicrotask(() => events.onConnect());
      return {
        subscribe: (destination, onBody) => {
          entry.subscribers.set(destination, onBody);
          return () => entry.subscribers.delete(destination);
        },
        publish: (destination, body, publishHeaders = {}) =>
          entry.published.push({ destination, body, headers: publishHeaders }),
        close: () => undefined,
      };
    },
  ),
};
