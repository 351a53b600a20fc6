import type { AddressInfo } from 'node:net';
import { Client, type IFrame, type IMessage, type StompHeaders } from '@stomp/stompjs';
import { encodeFrame } from '@unimercado/shared/stomp';
import { WebSocket } from 'ws';
import type { App } from '../app';

/** Starts the app on an ephemeral loopback port and answers its `/ws` URL. */
export const listenForSockets = async (app: App) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { wsUrl: `ws://127.0.0.1:${port}/ws`, origin: `http://127.0.0.1:${port}` };
};

export class StompRefused extends Error {
  readonly frame: IFrame | undefined;
  constructor(message: string, frame?: IFrame) {
    super(message);
    this.frame = frame;
  }
}

export type TestStompClient = {
  client: Client;
  /** Every ERROR frame received. */
  errors: IFrame[];
  /** Resolves when the socket closes (with its close code). */
  closed: Promise<number>;
  /** Subscribes, waits for the server's RECEIPT, and collects parsed JSON bodies. */
  subscribe: (destination: string, headers?: StompHeaders) => Promise<Collected>;
  send: (destination: string, body: unknown, headers?: StompHeaders) => void;
  disconnect: () => Promise<void>;
};

export type Collected = {
  bodies: unknown[];
  messages: IMessage[];
  /** Resolves with the first body (already received or next) that `match` accepts. */
  next: <T = Record<string, unknown>>(
    match?: (body: T) => boolean,
    timeoutMs?: number,
  ) => Promise<T>;
};

const collect = (): Collected & { push: (message: IMessage) => void } => {
  const bodies: unknown[] = [];
  const messages: IMessage[] = [];
  const waiters = new Set<(body: unknown) => boolean>();
  return {
    bodies,
    messages,
    push: (message) => {
      const body = JSON.parse(message.body) as unknown;
      messages.push(message);
      bodies.push(body);
      for (const waiter of waiters) if (waiter(body)) waiters.delete(waiter);
    },
    next: <T>(match: (body: T) => boolean = () => true, timeoutMs = 3_000) =>
      new Promise<T>((resolve, reject) => {
        const found = bodies.find((body) => match(body as T));
        if (found !== undefined) {
          resolve(found as T);
          return;
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching message within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (body: unknown) => {
          if (!match(body as T)) return false;
          clearTimeout(timer);
          resolve(body as T);
          return true;
        };
        waiters.add(waiter);
      }),
  };
};

/**
 * A real STOMP client (@stomp/stompjs over `ws`) that connects once, never reconnects, and
 * rejects with StompRefused when the server answers CONNECT with an ERROR frame or closes.
 */
export const connectStomp = (
  wsUrl: string,
  options: {
    headers?: StompHeaders;
    /** HTTP headers of the upgrade request (cookie, origin). */
    upgradeHeaders?: Record<string, string>;
    heartbeatIncoming?: number;
    heartbeatOutgoing?: number;
  } = {},
): Promise<TestStompClient> =>
  new Promise((resolve, reject) => {
    const errors: IFrame[] = [];
    let resolveClosed: (code: number) => void = () => undefined;
    const closed = new Promise<number>((done) => {
      resolveClosed = done;
    });
    let isConnected = false;
    const client = new Client({
      webSocketFactory: () =>
        new WebSocket(wsUrl, ['v12.stomp', 'v11.stomp', 'v10.stomp'], {
          headers: options.upgradeHeaders ?? {},
        }),
      connectHeaders: options.headers ?? {},
      reconnectDelay: 0,
      heartbeatIncoming: options.heartbeatIncoming ?? 0,
      heartbeatOutgoing: options.heartbeatOutgoing ?? 0,
      debug: () => undefined,
    });
    client.onStompError = (frame) => {
      errors.push(frame);
      if (!isConnected) reject(new StompRefused(frame.headers.message ?? 'ERROR', frame));
    };
    client.onWebSocketClose = (event: { code: number }) => {
      resolveClosed(event.code);
      if (!isConnected) reject(new StompRefused(`closed ${event.code}`));
      void client.deactivate();
    };
    client.onConnect = () => {
      isConnected = true;
      resolve({
        client,
        errors,
        closed,
        subscribe: (destination, headers = {}) =>
          new Promise<Collected>((done) => {
            const collected = collect();
            const receipt = `sub-${destination}-${Math.random().toString(36).slice(2)}`;
            client.watchForReceipt(receipt, () => done(collected));
            client.subscribe(destination, (message) => collected.push(message), {
              ...headers,
              receipt,
            });
          }),
        send: (destination, body, headers = {}) =>
          client.publish({
            destination,
            body: typeof body === 'string' ? body : JSON.stringify(body),
            headers,
          }),
        disconnect: () => client.deactivate(),
      });
    };
    client.activate();
  });

/** A bare WebSocket for what a STOMP library would not send (oversized or silent peers). */
export const openRawSocket = (wsUrl: string, headers: Record<string, string> = {}) =>
  new Promise<{
    socket: WebSocket;
    received: string[];
    closed: Promise<number>;
    waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  }>((resolve, reject) => {
    const socket = new WebSocket(wsUrl, ['v12.stomp'], { headers });
    const received: string[] = [];
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        received,
        closed,
        waitFor: async (pattern, timeoutMs = 3_000) => {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const found = received.find((text) => pattern.test(text));
            if (found) return found;
            if (Date.now() > deadline) throw new Error(`no frame matching ${String(pattern)}`);
            await new Promise((done) => setTimeout(done, 10));
          }
        },
      }),
    );
  });

/** A raw frame's STOMP CONNECT with a bearer token (and any other headers). */
export const rawConnectFrame = (token: string, headers: Record<string, string> = {}) =>
  encodeFrame({
    command: 'CONNECT',
    headers: {
      'accept-version': '1.2',
      host: 'localhost',
      ...headers,
      Authorization: `Bearer ${token}`,
    },
    body: '',
  });

/** The frames a raw socket received (one per WebSocket message), heart-beats left out. */
export const parseReceivedFrames = (received: string[]) =>
  received
    .filter((text) => text.trim() !== '')
    .map((text) => {
      const [head = '', ...rest] = text.split('\n\n');
      const [command = '', ...lines] = head.split('\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
      );
      return { command, headers, body: rest.join('\n\n').replace(/\0$/, '') };
    });
