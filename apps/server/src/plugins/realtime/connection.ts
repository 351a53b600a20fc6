import { randomUUID } from 'node:crypto';
import {
  encodeFrame,
  StompDecoder,
  StompProtocolError,
  type StompFrame,
} from '@unimercado/shared/stomp';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { STOMP_ERRORS, type RealtimeSettings } from './settings';

/** How long a connection that is ending waits for the frames it accepted before it closes. */
const END_GRACE_MS = 30_000;

export type ConnectionLimits = Pick<
  RealtimeSettings,
  'maxFrameBytes' | 'frameBurst' | 'framesPerSecond' | 'maxBufferedBytes'
>;

/**
 * The connection part of the STOMP endpoint: one WebSocket, its frames and its limits. Frames are
 * decoded, counted against the per-connection allowance (a token bucket) and handled one after
 * the other in arrival order by the session part.
 *
 * Every frame that asks for a receipt is answered (issue 18): a RECEIPT once it was handled, or an
 * ERROR naming it (`receipt-id`) when it was refused. A connection that must end (a flood, a
 * malformed frame, a refused command, an ended session) first stops accepting frames, lets the
 * frames it already accepted finish and answer, refuses whatever arrives meanwhile, and then sends
 * its ERROR frames and closes (STOMP: an ERROR frame, then the connection closes).
 */
export class StompConnection {
  readonly id = randomUUID();
  readonly openedAt = Date.now();
  lastReceivedAt = this.openedAt;
  lastSentAt = this.openedAt;
  /** Heart-beats agreed at CONNECT (0: none). */
  sendEveryMs = 0;
  expectEveryMs = 0;
  isAlive = true;
  isClosed = false;
  private readonly decoder: StompDecoder;
  private tokens: number;
  private tokensAt = this.openedAt;
  private messageCount = 0;
  /** Frames are handled one after the other, in arrival order. */
  private queue: Promise<void> = Promise.resolve();
  /** Frames accepted into the queue, and the number of the one handled last (or now). */
  private accepted = 0;
  private handled = 0;
  /**
   * Set once the connection is ending: why, since when, the last accepted frame that is still
   * handled, and the receipts it refused.
   */
  private ending:
    { message: string; since: number; lastHandled: number; refusedReceipts: string[] } | undefined;
  private readonly closeListeners: (() => void)[] = [];

  constructor(
    readonly socket: WebSocket,
    private readonly limits: ConnectionLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    this.decoder = new StompDecoder(limits.maxFrameBytes);
    this.tokens = limits.frameBurst;
    socket.on('pong', () => {
      this.isAlive = true;
    });
    socket.on('close', () => this.markClosed());
    socket.on('error', (error) => {
      log.debug({ err: error, connection: this.id }, 'websocket error');
    });
  }

  /** Runs `listener` once, when the connection closes (whoever closes it). */
  onClose(listener: () => void) {
    this.closeListeners.push(listener);
  }

  /** Feeds the socket's messages to `handle`, frame by frame, within the connection's limits. */
  listen(handle: (frame: StompFrame) => Promise<void>) {
    this.socket.on('message', (data) => this.receive(data, handle));
  }

  get isEnding() {
    return this.ending !== undefined;
  }

  send(frame: StompFrame) {
    this.write(encodeFrame(frame));
  }

  /** A MESSAGE frame, numbered within the connection. */
  sendMessage(headers: Record<string, string>, body: string) {
    this.messageCount += 1;
    this.send({
      command: 'MESSAGE',
      headers: { ...headers, 'message-id': `${this.id}-${this.messageCount}` },
      body,
    });
  }

  /** A heart-beat (an end of line). */
  beat() {
    this.write('\n');
  }

  /** Confirms a frame that asked for it. */
  receipt(frame: StompFrame) {
    const id = frame.headers.receipt;
    if (id !== undefined)
      this.send({ command: 'RECEIPT', headers: { 'receipt-id': id }, body: '' });
  }

  /**
   * Ends the connection with an ERROR (`cause`: the frame refused, whose receipt it names). Called
   * while a frame is handled (or between frames), the frames queued behind it are refused too.
   */
  fail(message: string, cause?: StompFrame) {
    this.end(message, cause, this.handled);
  }

  close(code = 1000) {
    if (this.isClosed) return;
    this.markClosed();
    this.socket.close(code);
  }

  /** Drops the peer without a closing handshake (it stopped answering pings). */
  terminate() {
    this.markClosed();
    this.socket.terminate();
  }

  /** The connection's own timers: heart-beats, pings, and an end that waits too long. */
  tick(now: number, ping: boolean) {
    if (this.ending) {
      if (now - this.ending.since > END_GRACE_MS) this.sendErrorsAndClose();
      return;
    }
    if (this.expectEveryMs > 0 && now - this.lastReceivedAt > this.expectEveryMs * 2) {
      this.close(1001);
      return;
    }
    if (this.sendEveryMs > 0 && now - this.lastSentAt >= this.sendEveryMs) this.beat();
    if (ping) {
      if (!this.isAlive) {
        this.terminate();
        return;
      }
      this.isAlive = false;
      this.socket.ping();
    }
  }

  private write(text: string) {
    if (this.isClosed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.log.warn({ connection: this.id }, 'dropping a peer that does not read');
      this.close(1013);
      return;
    }
    this.socket.send(text);
    this.lastSentAt = Date.now();
  }

  private markClosed() {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  /** Starts the end: the accepted frames up to `lastHandled` are still handled and answered. */
  private end(message: string, cause: StompFrame | undefined, lastHandled: number) {
    if (this.isClosed) return;
    if (!this.ending) {
      this.ending = { message, since: Date.now(), lastHandled, refusedReceipts: [] };
      this.queue = this.queue.then(() => this.sendErrorsAndClose());
    }
    this.refuse(cause);
  }

  private refuse(frame: StompFrame | undefined) {
    const receipt = frame?.headers.receipt;
    if (receipt !== undefined) this.ending?.refusedReceipts.push(receipt);
  }

  private sendErrorsAndClose() {
    if (this.isClosed || !this.ending) return;
    const { message, refusedReceipts } = this.ending;
    const headers = { message, 'content-type': 'text/plain;charset=utf-8' };
    if (refusedReceipts.length === 0) this.send({ command: 'ERROR', headers, body: message });
    for (const receipt of refusedReceipts) {
      this.send({
        command: 'ERROR',
        headers: { ...headers, 'receipt-id': receipt },
        body: message,
      });
    }
    this.close(1008);
  }

  /** One frame more of the allowance, if any is left. */
  private allowFrame() {
    const now = Date.now();
    this.tokens = Math.min(
      this.limits.frameBurst,
      this.tokens + ((now - this.tokensAt) / 1000) * this.limits.framesPerSecond,
    );
    this.tokensAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private receive(data: RawData, handle: (frame: StompFrame) => Promise<void>) {
    if (this.isClosed) return;
    this.lastReceivedAt = Date.now();
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : data;
    let events;
    try {
      events = this.decoder.push(bytes);
    } catch (error) {
      if (!(error instanceof StompProtocolError)) throw error;
      // After the frames accepted so far.
      this.end(
        error.reason === 'too-large' ? STOMP_ERRORS.tooLarge : error.message,
        undefined,
        this.accepted,
      );
      return;
    }
    for (const event of events) {
      if (event.kind !== 'frame') continue;
      const { frame } = event;
      // Refused while ending (answered with the closing ERRORs), or over the allowance.
      if (this.ending) {
        this.refuse(frame);
        continue;
      }
      if (!this.allowFrame()) {
        // The frames accepted before this one are still handled and answered.
        this.end(STOMP_ERRORS.rateLimited, frame, this.accepted);
        continue;
      }
      this.accepted += 1;
      const number = this.accepted;
      this.queue = this.queue
        .then(() => {
          this.handled = number;
          if (this.isClosed) return undefined;
          if (this.ending && number > this.ending.lastHandled) return this.refuse(frame);
          return handle(frame);
        })
        .catch((error: unknown) => {
          this.log.error({ err: error, connection: this.id }, 'STOMP frame failed');
          this.fail(STOMP_ERRORS.internal, frame);
        });
    }
  }
}
