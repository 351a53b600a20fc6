// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  createRealtimeConnection,
  NOT_CONNECTED_MESSAGE,
  reconnectDelay,
  type RealtimeConnection,
} from './realtime';

describe('reconnectDelay (spec section 9)', () => {
  it('waits 1000 ms doubled per attempt, capped at 30000 ms', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(reconnectDelay(6)).toBe(30000);
    expect(reconnectDelay(20)).toBe(30000);
  });
});

type FakeEvents = { onConnect: () => void; onError: (m: string) => void; onClose: () => void };

const setup = () => {
  const opened: { events: FakeEvents; headers: Record<string, string>; sent: unknown[] }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const connection: RealtimeConnection = createRealtimeConnection({
    url: () => 'ws://test/ws',
    transport: () =>
      Promise.resolve((_url, headers, events) => {
        const entry = { events, headers, sent: [] as unknown[] };
        opened.push(entry);
        return {
          subscribe: () => () => undefined,
          publish: (destination, body) => entry.sent.push({ destination, body }),
          close: () => undefined,
        };
      }),
    setTimer: (run, ms) => {
      timers.push({ run, ms });
      return timers.length;
    },
    clearTimer: () => undefined,
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { connection, opened, timers, flush };
};

const identity = { token: 't', userId: 7, username: 'ana@uni.edu' };

describe('the real-time connection', () => {
  it('connects with the token, username and userId headers', async () => {
    const { connection, opened, flush } = setup();
    connection.start(identity);
    expect(connection.getSnapshot().state).toBe('connecting');
    await flush();
    expect(opened[0]?.headers).toEqual({
      Authorization: 'Bearer t',
      username: 'ana@uni.edu',
      userId: '7',
    });
    opened[0]!.events.onConnect();
    expect(connection.getSnapshot()).toEqual({ state: 'connected', attempt: 0, lastError: null });
  });

  it('reconnects at most 5 times on the spec schedule, then gives up', async () => {
    const { connection, opened, timers, flush } = setup();
    connection.start(identity);
    await flush();
    opened[0]!.events.onConnect();
    opened[0]!.events.onClose();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(connection.getSnapshot()).toMatchObject({ state: 'reconnecting', attempt });
      expect(timers.at(-1)?.ms).toBe(reconnectDelay(attempt));
      timers.at(-1)!.run();
      await flush();
      opened.at(-1)!.events.onClose();
    }
    expect(connection.getSnapshot()).toMatchObject({ state: 'disconnected', attempt: 0 });
    expect(timers).toHaveLength(5);
    // A successful attempt resets the count.
    connection.reconnect();
    await flush();
    opened.at(-1)!.events.onConnect();
    expect(connection.getSnapshot()).toMatchObject({ state: 'connected', attempt: 0 });
  });

  it("keeps the server's reason and ends 'failed' when it refused", async () => {
    const { connection, opened, timers, flush } = setup();
    connection.start(identity);
    await flush();
    for (let attempt = 0; attempt <= 5; attempt += 1) {
      opened.at(-1)!.events.onError('No estás autenticado');
      opened.at(-1)!.events.onClose();
      if (attempt < 5) {
        timers.at(-1)!.run();
        await flush();
      }
    }
    expect(connection.getSnapshot()).toEqual({
      state: 'failed',
      attempt: 0,
      lastError: 'No estás autenticado',
    });
  });

  it("sending while not connected throws 'WebSocket no está conectado' and reconnects", async () => {
    const { connection, opened, flush } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => connection.send('/app/chat.private', {})).toThrow(NOT_CONNECTED_MESSAGE);
    connection.start({ token: 't', userId: 0, username: '' });
    expect(warn).toHaveBeenCalledWith('No hay nombre de usuario o ID para la conexión');
    connection.start(identity);
    await flush();
    opened[0]!.events.onConnect();
    connection.send('/app/chat.private', { content: 'hola' });
    expect(opened[0]!.sent).toEqual([
      { destination: '/app/chat.private', body: { content: 'hola' } },
    ]);
    connection.stop();
    expect(connection.getSnapshot().state).toBe('idle');
    expect(() => connection.send('/app/chat.private', {})).toThrow(NOT_CONNECTED_MESSAGE);
    warn.mockRestore();
  });
});
