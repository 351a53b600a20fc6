import { CHAT_TIMINGS, DESTINATIONS } from '@unimercado/shared/chat-constants';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { StompTransport } from './stomp-client';

/**
 * The one real-time connection of the signed-in user (spec sections 4 and 7, "Chat connection"):
 * STOMP over WebSocket at /ws, shared by the chat and the live notifications. This module is not
 * part of the entry chunk: the app loads it after the first render (app/live-updates.tsx).
 */
export type ConnectionState =
  'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'failed';

export type ConnectionSnapshot = {
  state: ConnectionState;
  /** The reconnection attempt under way or waited for (1..5); 0 otherwise. */
  attempt: number;
  /** The server's reason when it refused or ended the connection. */
  lastError: string | null;
};

export const NOT_CONNECTED_MESSAGE = 'WebSocket no está conectado';
export const MISSING_IDENTITY_MESSAGE = 'No hay nombre de usuario o ID para la conexión';

/**
 * Spec section 9: attempt n waits 1000 ms doubled per attempt (1, 2, 4, 8, 16 s), capped at
 * 30 s; after the 5th it gives up (decision 022).
 */
export const reconnectDelay = (attempt: number): number =>
  Math.min(
    CHAT_TIMINGS.reconnectInitialDelayMs * 2 ** Math.max(0, attempt - 1),
    CHAT_TIMINGS.reconnectMaxDelayMs,
  );

export type RealtimeIdentity = { token: string; userId: number; username: string };

type Handler = (body: unknown) => void;
type TransportFactory = (
  url: string,
  headers: Record<string, string>,
  events: { onConnect: () => void; onError: (message: string) => void; onClose: () => void },
) => StompTransport;

const defaultUrl = () => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
};

const loadTransport: () => Promise<TransportFactory> = async () =>
  (await import('./stomp-client')).createStompTransport;

export const createRealtimeConnection = (
  options: {
    url?: () => string;
    transport?: () => Promise<TransportFactory>;
    setTimer?: (run: () => void, ms: number) => unknown;
    clearTimer?: (timer: unknown) => void;
  } = {},
) => {
  const url = options.url ?? defaultUrl;
  const transportLoader = options.transport ?? loadTransport;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));

  let snapshot: ConnectionSnapshot = { state: 'idle', attempt: 0, lastError: null };
  const listeners = new Set<() => void>();
  const handlers = new Map<string, Set<Handler>>();
  const live = new Map<string, () => void>();
  let identity: RealtimeIdentity | null = null;
  let transport: StompTransport | null = null;
  let timer: unknown = null;
  /** Bumped on every (re)connect, so events of an abandoned transport are ignored. */
  let generation = 0;

  const set = (next: Partial<ConnectionSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };

  const attach = (destination: string) => {
    if (!transport || snapshot.state !== 'connected' || live.has(destination)) return;
    live.set(
      destination,
      transport.subscribe(destination, (body) => {
        for (const handler of handlers.get(destination) ?? []) handler(body);
      }),
    );
  };

  const dropTransport = () => {
    live.clear();
    transport?.close();
    transport = null;
  };

  const scheduleReconnect = (reason: string | null) => {
    dropTransport();
    const attempt = snapshot.attempt + 1;
    if (attempt > CHAT_TIMINGS.reconnectMaxAttempts) {
      // Spec section 4: after the maximum attempts it gives up and disconnects ('failed' when
      // the server gave a reason, such as an ended session).
      const lastError = reason ?? snapshot.lastError;
      set({ state: lastError ? 'failed' : 'disconnected', attempt: 0, lastError });
      return;
    }
    set({ state: 'reconnecting', attempt, lastError: reason ?? snapshot.lastError });
    timer = setTimer(() => {
      timer = null;
      void open();
    }, reconnectDelay(attempt));
  };

  const open = async () => {
    if (!identity) return;
    generation += 1;
    const mine = generation;
    if (snapshot.state !== 'reconnecting') set({ state: 'connecting' });
    let factory: TransportFactory;
    try {
      factory = await transportLoader();
    } catch {
      if (mine === generation) scheduleReconnect(null);
      return;
    }
    if (mine !== generation || !identity) return;
    transport = factory(
      url(),
      {
        Authorization: `Bearer ${identity.token}`,
        username: identity.username,
        userId: String(identity.userId),
      },
      {
        onConnect: () => {
          if (mine !== generation) return;
          set({ state: 'connected', attempt: 0, lastError: null });
          for (const destination of handlers.keys()) attach(destination);
        },
        onError: (message) => {
          if (mine === generation) set({ lastError: message });
        },
        // Spec section 8: a STOMP error, socket error or close triggers reconnection.
        onClose: () => {
          if (mine !== generation || !identity) return;
          generation += 1;
          scheduleReconnect(null);
        },
      },
    );
  };

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  return {
    getSnapshot: () => snapshot,
    subscribeState: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Connects as this user; a different token (sign-in as someone else) starts afresh. */
    start: (next: RealtimeIdentity) => {
      if (!next.username || !next.userId) {
        console.warn(MISSING_IDENTITY_MESSAGE);
        return;
      }
      if (identity?.token === next.token && snapshot.state !== 'idle') return;
      cancelTimer();
      generation += 1;
      dropTransport();
      identity = next;
      set({ state: 'connecting', attempt: 0, lastError: null });
      void open();
    },
    stop: () => {
      identity = null;
      cancelTimer();
      generation += 1;
      dropTransport();
      set({ state: 'idle', attempt: 0, lastError: null });
    },
    /** Starts over after giving up (or skips the wait of a pending attempt). */
    reconnect: () => {
      if (!identity || snapshot.state === 'connected' || snapshot.state === 'connecting') return;
      cancelTimer();
      generation += 1;
      dropTransport();
      set({ state: 'connecting', attempt: 0 });
      void open();
    },
    /** Listens to a destination across reconnections; returns the function that stops. */
    on: (destination: string, handler: Handler) => {
      const set_ = handlers.get(destination) ?? new Set<Handler>();
      set_.add(handler);
      handlers.set(destination, set_);
      attach(destination);
      return () => {
        set_.delete(handler);
        if (set_.size === 0) {
          handlers.delete(destination);
          live.get(destination)?.();
          live.delete(destination);
        }
      };
    },
    /**
     * Sends a frame; while not connected it throws 'WebSocket no está conectado' and starts
     * reconnecting (spec section 8).
     */
    send: (destination: string, body: unknown, headers?: Record<string, string>) => {
      if (snapshot.state !== 'connected' || !transport) {
        if (snapshot.state === 'failed' || snapshot.state === 'disconnected') {
          cancelTimer();
          generation += 1;
          set({ state: 'connecting', attempt: 0 });
          void open();
        }
        throw new Error(NOT_CONNECTED_MESSAGE);
      }
      transport.publish(destination, body, headers);
    },
  };
};

export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;

let shared: RealtimeConnection | null = null;
/** The app's one connection. */
export const getRealtime = (): RealtimeConnection => {
  shared ??= createRealtimeConnection();
  return shared;
};

export const useConnectionState = (connection: RealtimeConnection = getRealtime()) =>
  useSyncExternalStore(connection.subscribeState, connection.getSnapshot, connection.getSnapshot);

/** Calls `handler` with each body pushed to `destination` while mounted. */
export const useRealtimeSubscription = (
  destination: string,
  handler: (body: unknown) => void,
  connection: RealtimeConnection = getRealtime(),
) => {
  useEffect(() => connection.on(destination, handler), [connection, destination, handler]);
};

/** Query keys to reload, by the `typeId` of a notification. */
export type QueryKeysByNotificationType = Readonly<Partial<Record<number, readonly QueryKey[]>>>;

/**
 * While mounted, a notification pushed live to the member whose `typeId` is in `keysByType`
 * reloads the queries listed for it (the screen shows what the notification announces). Pass a
 * module constant: the subscription follows its identity.
 */
export const useReloadOnNotification = (keysByType: QueryKeysByNotificationType) => {
  const queryClient = useQueryClient();
  const onNotification = useCallback(
    (body: unknown) => {
      const typeId =
        typeof body === 'object' && body !== null ? (body as { typeId?: unknown }).typeId : null;
      const queryKeys = typeof typeId === 'number' ? keysByType[typeId] : undefined;
      for (const queryKey of queryKeys ?? []) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    [queryClient, keysByType],
  );
  useRealtimeSubscription(DESTINATIONS.userNotifications, onNotification);
};
