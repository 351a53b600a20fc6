import { connect } from 'node:net';
import Fastify, { LogController } from 'fastify';
import pino, { type Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { logRequestCompleted, requestChildLoggerFactory, requestLogFields } from './request-log';

const { chindingsSym } = pino.symbols;

/** A server logging as the app does (one line per request), its lines collected. */
const loggingServer = () => {
  const lines: string[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      serializers: { req: requestLogFields },
      stream: { write: (line: string) => void lines.push(line) },
    },
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestChildLoggerFactory,
  });
  // What pino's `req` serializer makes of each request, by request id.
  const expected = new Map<string, string>();
  app.addHook('onRequest', (request, _reply, done) => {
    expected.set(request.id, JSON.stringify(requestLogFields(request)));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    logRequestCompleted(request, reply);
    done();
  });
  app.all('/*', (request, reply) => {
    request.log.info({ inside: true }, 'handler line');
    request.log.child({ part: 'nested' }).warn('child line');
    void reply.send('ok');
  });
  return { app, lines, expected };
};

/** Sends raw bytes (what a client may put in a request line and Host) and waits for the answer. */
const rawRequest = (port: number, head: Buffer) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(head));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });

type Line = Record<string, unknown> & { reqId: string; msg: string };

describe('request line', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('holds what JSON.stringify made of the request fields, however odd its URL and Host', async () => {
    const { app, lines, expected } = loggingServer();
    close = () => app.close();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const requests: [string, string | undefined][] = [
      ['/healthz', '127.0.0.1:3000'],
      ['/api/x?q="comillas"&b=\\barra', 'ejemplo.edu'],
      ['/verify?%74oken=secreto&token=otro', 'ejemplo.edu:8443'],
      ['/caf%C3%A9', 'h\u00f3st:80'],
      ['/path', '[::1]:8080'],
      ['/path', '"cita"\\:1'],
      ['/sin-host', undefined],
    ];
    for (const [url, host] of requests) {
      const head = `GET ${url} HTTP/1.${host === undefined ? 0 : 1}\r\n${host === undefined ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`;
      // As raw bytes (latin1): Node takes quotes and backslashes in both, other bytes in the Host.
      expect(await rawRequest(port, Buffer.from(head, 'latin1'))).toMatch(/^HTTP\/1\.1 200/);
    }
    const requestLines = lines
      .map((line) => ({ line, entry: JSON.parse(line) as Line }))
      .filter(({ entry }) => entry.msg === 'request completed');
    expect(requestLines).toHaveLength(requests.length);
    for (const { line, entry } of requestLines) {
      // Same fields, same order, same bytes for the request as pino's serializer gave.
      expect(Object.keys(entry)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'req',
        'res',
        'responseTime',
        'msg',
      ]);
      expect(line).toContain(`,"req":${expected.get(entry.reqId)},"res":{"statusCode":200},`);
      expect(entry.responseTime).toEqual(expect.any(Number));
      expect(line.endsWith('}\n')).toBe(true);
    }
    const urls = requestLines.map(({ entry }) => (entry.req as { url: string }).url);
    expect(urls).toContain('/verify?%74oken=[redacted]&token=[redacted]');
    expect(urls).toContain('/api/x?q="comillas"&b=\\barra');
    expect(lines.join('')).not.toMatch(/secreto|otro/);
    const hosts = requestLines.map(({ entry }) => (entry.req as { host: string }).host);
    expect(hosts).toEqual(
      expect.arrayContaining(['127.0.0.1', 'ejemplo.edu', '[::1]', '"cita"\\', '']),
    );
  });

  it('comes with the lines the request logger writes, each naming its request', async () => {
    const { app, lines } = loggingServer();
    close = () => app.close();
    const res = await app.inject({ url: '/algo' });
    expect(res.statusCode).toBe(200);
    const entries = lines.map((line) => JSON.parse(line) as Line);
    expect(entries.map((entry) => entry.msg)).toEqual([
      'handler line',
      'child line',
      'request completed',
    ]);
    const reqId = entries[2]?.reqId;
    expect(reqId).toEqual(expect.any(String));
    expect(entries[0]).toMatchObject({ reqId, inside: true, level: 30 });
    expect(entries[1]).toMatchObject({ reqId, part: 'nested', level: 40 });
  });
});

describe('request loggers', () => {
  const root = pino({ level: 'info' }, { write: () => undefined });
  const made = (bindings: Record<string, unknown>) =>
    requestChildLoggerFactory.call(
      undefined as never,
      root,
      bindings as never,
      {},
      undefined as never,
    ) as unknown as Record<symbol, unknown> & Logger;
  const pinos = (bindings: Record<string, unknown>) =>
    root.child({}).child(bindings) as unknown as Record<symbol, unknown>;

  it("bind the same JSON as pino's own children, also for ids that need escaping", () => {
    for (const reqId of [
      '0b5c2f9e-1c1f-4d7b-9a2e-3c8f4f1e2d3c',
      'abc.DEF:1',
      'a"b\\c',
      'ñ\u0001',
    ]) {
      expect(made({ reqId })[chindingsSym]).toBe(pinos({ reqId })[chindingsSym]);
    }
  });

  it('are independent: a level set on one leaves the others as they were', () => {
    const first = made({ reqId: 'uno' });
    const second = made({ reqId: 'dos' });
    first.level = 'error';
    expect(first.isLevelEnabled('info')).toBe(false);
    expect(second.isLevelEnabled('info')).toBe(true);
    expect(root.isLevelEnabled('info')).toBe(true);
  });
});
