import { FrameImpl, Parser } from '@stomp/stompjs';
import { describe, expect, it } from 'vitest';
import { encodeFrame, StompDecoder, StompProtocolError, type StompEvent } from './stomp';

const frames = (events: StompEvent[]) =>
  events.flatMap((event) => (event.kind === 'frame' ? [event.frame] : []));

describe('STOMP codec', () => {
  it('round-trips a frame with escaped headers and a UTF-8 body', () => {
    const frame = {
      command: 'MESSAGE',
      headers: { destination: '/user/queue/messages', 'x-note': 'a:b\nc\\d' },
      body: '{"content":"¡Hola, señor! 👋"}',
    };
    const text = encodeFrame(frame);
    expect(text).toContain('x-note:a\\cb\\nc\\\\d\n');
    expect(text).toContain(`content-length:${new TextEncoder().encode(frame.body).length}\n`);
    const decoded = frames(new StompDecoder(8192).push(text));
    expect(decoded).toEqual([
      {
        ...frame,
        headers: { ...frame.headers, 'content-length': expect.any(String) as string },
      },
    ]);
  });

  it('reads what @stomp/stompjs writes, and @stomp/stompjs reads what it writes', () => {
    const written = FrameImpl.marshall({
      command: 'SEND',
      headers: { destination: '/app/chat.private', receipt: 'r-1' },
      body: '{"content":"ñandú"}',
      escapeHeaderValues: true,
      skipContentLengthHeader: false,
    });
    const [decoded] = frames(new StompDecoder(8192).push(written as string));
    expect(decoded).toMatchObject({
      command: 'SEND',
      headers: { destination: '/app/chat.private', receipt: 'r-1' },
      body: '{"content":"ñandú"}',
    });

    const seen: { command: string | undefined; body: string }[] = [];
    const parser = new Parser(
      (raw) => {
        const frame = FrameImpl.fromRawFrame(raw, true);
        seen.push({ command: frame.command, body: frame.body });
      },
      () => undefined,
    );
    parser.parseChunk(
      encodeFrame({ command: 'MESSAGE', headers: { subscription: 's' }, body: 'día' }),
    );
    expect(seen).toEqual([{ command: 'MESSAGE', body: 'día' }]);
  });

  it('does not escape CONNECT headers (STOMP 1.2)', () => {
    const text = encodeFrame({ command: 'CONNECTED', headers: { server: 'a:b' }, body: '' });
    expect(text).toBe('CONNECTED\nserver:a:b\n\n\u0000');
    const [frame] = frames(new StompDecoder(1024).push('CONNECT\npasscode:x:y\n\n\u0000'));
    expect(frame?.headers.passcode).toBe('x:y');
  });

  it('reassembles frames split across chunks, several per chunk, with heart-beats', () => {
    const decoder = new StompDecoder(8192);
    const one = encodeFrame({ command: 'SEND', headers: { destination: '/a' }, body: 'uno' });
    const two = encodeFrame({ command: 'SEND', headers: { destination: '/b' }, body: 'dos' });
    const all = `\n${one}\r\n${two}\n`;
    const events: StompEvent[] = [];
    for (let i = 0; i < all.length; i += 7) events.push(...decoder.push(all.slice(i, i + 7)));
    expect(frames(events).map((frame) => frame.body)).toEqual(['uno', 'dos']);
    expect(events.filter((event) => event.kind === 'heartbeat')).toHaveLength(3);
  });

  it('keeps a NUL inside a body that declares content-length', () => {
    const body = 'a\u0000b';
    const [frame] = frames(
      new StompDecoder(1024).push(`SEND\ncontent-length:3\ndestination:/x\n\n${body}\u0000`),
    );
    expect(frame?.body).toBe(body);
    expect(frame?.headers.destination).toBe('/x');
  });

  it('first repeated header wins; CRLF line ends are accepted', () => {
    const [frame] = frames(
      new StompDecoder(1024).push('SEND\r\ndestination:/one\r\ndestination:/two\r\n\r\nhi\u0000'),
    );
    expect(frame).toEqual({ command: 'SEND', headers: { destination: '/one' }, body: 'hi' });
  });

  it('refuses a frame over the limit, complete or still arriving', () => {
    const big = encodeFrame({ command: 'SEND', headers: {}, body: 'x'.repeat(9000) });
    expect(() => new StompDecoder(8192).push(big)).toThrowError(StompProtocolError);
    const growing = new StompDecoder(8192);
    growing.push('SEND\ndestination:/x\n\n');
    expect(() => growing.push('y'.repeat(9000))).toThrow(/tamaño máximo/);
    expect(() => new StompDecoder(100).push(`SEND\ncontent-length:500\n\n`)).toThrow(
      /tamaño máximo/,
    );
  });

  it('refuses malformed frames', () => {
    const bad = [
      'send\n\n\u0000',
      'SEND\nno-colon\n\n\u0000',
      'SEND\nbad:\\x\n\n\u0000',
      'SEND\ncontent-length:2\n\nabc\u0000',
      'SEND\ncontent-length:-1\n\n\u0000',
      'SEND\u0000',
    ];
    for (const text of bad) {
      expect(() => new StompDecoder(1024).push(text), text).toThrowError(StompProtocolError);
    }
    expect(() => new StompDecoder(1024).push(new Uint8Array([83, 10, 10, 0xff, 0]))).toThrow(
      /UTF-8/,
    );
  });
});
