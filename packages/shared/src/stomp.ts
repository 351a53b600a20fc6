/**
 * A small STOMP 1.2 frame codec (https://stomp.github.io/stomp-specification-1.2.html), used by
 * the server and the load test; the web app uses @stomp/stompjs. Frames travel over WebSocket
 * as UTF-8; a frame may be split across messages, and one message may hold several frames.
 */
export type StompFrame = {
  command: string;
  /** Repeated headers: the first one wins (STOMP 1.2). */
  headers: Record<string, string>;
  body: string;
};

export type StompEvent = { kind: 'frame'; frame: StompFrame } | { kind: 'heartbeat' };

export class StompProtocolError extends Error {
  readonly reason: 'too-large' | 'malformed';
  constructor(reason: 'too-large' | 'malformed', message: string) {
    super(message);
    this.name = 'StompProtocolError';
    this.reason = reason;
  }
}

const NUL = 0;
const LF = 10;
const CR = 13;
const MAX_HEADERS = 64;

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** CONNECT and CONNECTED headers are never escaped (STOMP 1.2, "Value Encoding"). */
const isEscaped = (command: string) => command !== 'CONNECT' && command !== 'CONNECTED';

const escapeValue = (value: string) =>
  value.replace(/[\\\r\n:]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\r' ? '\\r' : char === '\n' ? '\\n' : '\\c',
  );

const unescapeValue = (value: string) =>
  value.replace(/\\(.?)/g, (_match, next: string) => {
    switch (next) {
      case '\\':
        return '\\';
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      default:
        throw new StompProtocolError(
          'malformed',
          'Secuencia de escape no válida en un encabezado.',
        );
    }
  });

/** Serialises a frame; `content-length` is added for any body. */
export const encodeFrame = ({ command, headers, body }: StompFrame): string => {
  const escaped = isEscaped(command);
  let text = `${command}\n`;
  for (const [key, value] of Object.entries(headers)) {
    if (key === 'content-length') continue;
    text += escaped ? `${escapeValue(key)}:${escapeValue(value)}\n` : `${key}:${value}\n`;
  }
  if (body !== '') text += `content-length:${encoder.encode(body).length}\n`;
  return `${text}\n${body}\u0000`;
};

const concat = (a: Uint8Array, b: Uint8Array) => {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
};

const decodeText = (bytes: Uint8Array) => {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    throw new StompProtocolError('malformed', 'La trama no es UTF-8 válido.');
  }
};

/**
 * Incremental decoder. `push` returns every complete frame (and heart-beat) it now holds and
 * keeps the rest; it throws StompProtocolError for a frame over `maxFrameBytes` (also while
 * still incomplete, so a peer cannot make it buffer without bound) or a malformed one.
 */
export class StompDecoder {
  private pending: Uint8Array = new Uint8Array(0);
  private readonly maxFrameBytes: number;

  constructor(maxFrameBytes: number) {
    this.maxFrameBytes = maxFrameBytes;
  }

  push(chunk: Uint8Array | string): StompEvent[] {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    let data = concat(this.pending, bytes);
    const events: StompEvent[] = [];
    for (;;) {
      // Heart-beats are bare EOLs between frames.
      let start = 0;
      while (start < data.length && (data[start] === LF || data[start] === CR)) {
        if (data[start] === LF) events.push({ kind: 'heartbeat' });
        start += 1;
      }
      data = data.subarray(start);
      if (data.length === 0) break;
      const parsed = this.parseOne(data);
      if (!parsed) {
        if (data.length > this.maxFrameBytes) this.tooLarge();
        break;
      }
      events.push({ kind: 'frame', frame: parsed.frame });
      data = data.subarray(parsed.length);
    }
    this.pending = data.length > 0 ? data.slice() : new Uint8Array(0);
    return events;
  }

  private tooLarge(): never {
    throw new StompProtocolError(
      'too-large',
      `La trama supera el tamaño máximo (${this.maxFrameBytes} bytes).`,
    );
  }

  /** One frame from the start of `data`, or undefined when it is not complete yet. */
  private parseOne(data: Uint8Array): { frame: StompFrame; length: number } | undefined {
    // The header block ends at the first empty line.
    let headerEnd = -1;
    let bodyStart = -1;
    for (let i = 0; i < data.length; i += 1) {
      if (data[i] !== LF) continue;
      if (data[i + 1] === LF) {
        headerEnd = i;
        bodyStart = i + 2;
        break;
      }
      if (data[i + 1] === CR && data[i + 2] === LF) {
        headerEnd = i;
        bodyStart = i + 3;
        break;
      }
    }
    if (headerEnd < 0) {
      if (data.includes(NUL)) {
        throw new StompProtocolError(
          'malformed',
          'Trama sin línea en blanco tras los encabezados.',
        );
      }
      return undefined;
    }
    if (bodyStart > this.maxFrameBytes) this.tooLarge();
    const lines = decodeText(data.subarray(0, headerEnd))
      .split('\n')
      .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    const command = lines[0] ?? '';
    if (!/^[A-Z]+$/.test(command)) {
      throw new StompProtocolError('malformed', 'Comando STOMP no válido.');
    }
    if (lines.length - 1 > MAX_HEADERS) {
      throw new StompProtocolError('malformed', 'Demasiados encabezados.');
    }
    const escaped = isEscaped(command);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('malformed', 'Encabezado STOMP no válido.');
      const key = escaped ? unescapeValue(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescapeValue(line.slice(colon + 1)) : line.slice(colon + 1);
      if (!(key in headers)) headers[key] = value;
    }
    let bodyEnd: number;
    const declared = headers['content-length'];
    if (declared !== undefined) {
      if (!/^\d{1,9}$/.test(declared)) {
        throw new StompProtocolError('malformed', 'content-length no válido.');
      }
      bodyEnd = bodyStart + Number(declared);
      if (bodyEnd + 1 > this.maxFrameBytes) this.tooLarge();
      if (data.length <= bodyEnd) return undefined;
      if (data[bodyEnd] !== NUL) {
        throw new StompProtocolError(
          'malformed',
          'La trama no termina donde indica content-length.',
        );
      }
    } else {
      bodyEnd = data.indexOf(NUL, bodyStart);
      if (bodyEnd < 0) return undefined;
    }
    if (bodyEnd + 1 > this.maxFrameBytes) this.tooLarge();
    const body = decodeText(data.subarray(bodyStart, bodyEnd));
    return { frame: { command, headers, body }, length: bodyEnd + 1 };
  }
}
