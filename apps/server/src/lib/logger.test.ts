import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import Fastify from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../test/helpers';
import { defaultLoggerOptions, requestChildLoggerFactory, requestLogging } from './logger';

/** A server logging as the app does (its logger options, one line per request), lines collected. */
const loggingServer = () => {
  const lines: string[] = [];
  const app = Fastify({
    logger: {
      ...(defaultLoggerOptions(testConfig()) as object),
      level: 'info',
      stream: { write: (line: string) => void lines.push(line) },
    },
    ...requestLogging(),
  });
  app.all('/*', (request, reply) => {
    request.log.info({ inside: true }, 'handler line');
    request.log.child({ part: 'nested' }).warn('child line');
    void reply.code(request.url.startsWith('/missing') ? 404 : 200).send('ok');
  });
  return { app, lines };
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

type Line = Record<string, unknown> & {
  reqId: string;
  msg: string;
  req?: { method: string; url: string; host: string; remoteAddress?: string };
};
const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as Line);

describe('request line', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('is one line per request with its fields, token values hidden, however odd its URL and Host', async () => {
    const { app, lines } = loggingServer();
    close = () => app.close();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const requests: [string, string | undefined][] = [
      ['/healthz', '127.0.0.1:3000'],
      ['/api/x?q="comillas"&b=\\barra', 'ejemplo.edu'],
      ['/verify?%74oken=secreto&token=otro', 'ejemplo.edu:8443'],
      ['/caf%C3%A9', 'h\u00f3st:80'],
      ['/path', '[::1]:8080'],
      ['/missing', '"cita"\\:1'],
      ['/sin-host', undefined],
    ];
    for (const [url, host] of requests) {
      const head = `GET ${url} HTTP/1.${host === undefined ? 0 : 1}\r\n${host === undefined ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`;
      // As raw bytes (latin1): Node takes quotes and backslashes in both, other bytes in the Host.
      expect(await rawRequest(port, Buffer.from(head, 'latin1'))).toMatch(/^HTTP\/1\.1 (200|404)/);
    }
    const requestLines = parse(lines).filter((entry) => entry.msg === 'request completed');
    expect(requestLines).toHaveLength(requests.length);
    for (const entry of requestLines) {
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
      expect(Object.keys(entry.req ?? {})).toEqual(['method', 'url', 'host', 'remoteAddress']);
      expect(entry.responseTime).toEqual(expect.any(Number));
    }
    expect(requestLines.map((entry) => entry.req?.url)).toEqual([
      '/healthz',
      '/api/x?q="comillas"&b=\\barra',
      '/verify?%74oken=[redacted]&token=[redacted]',
      '/caf%C3%A9',
      '/path',
      '/missing',
      '/sin-host',
    ]);
    expect(requestLines.map((entry) => entry.res)).toContainEqual({ statusCode: 404 });
    expect(lines.join('')).not.toMatch(/secreto|otro/);
    expect(requestLines.map((entry) => entry.req?.host)).toEqual(
      expect.arrayContaining(['127.0.0.1', 'ejemplo.edu', '[::1]', '"cita"\\', '']),
    );
    expect(requestLines[0]?.req?.remoteAddress).toBe('127.0.0.1');
  });

  it('comes after the lines the request logger writes, each naming its request', async () => {
    const { app, lines } = loggingServer();
    close = () => app.close();
    const res = await app.inject({ url: '/algo' });
    expect(res.statusCode).toBe(200);
    const entries = parse(lines);
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

  it('hides credentials wherever a line carries request or answer headers', () => {
    const lines: string[] = [];
    const log = pino(
      { ...(defaultLoggerOptions(testConfig()) as object), level: 'info', serializers: {} },
      { write: (line: string) => void lines.push(line) },
    );
    log.info(
      {
        req: {
          url: '/x?token=secreto',
          headers: { authorization: 'Bearer secreto', cookie: 'c=secreto' },
        },
        res: { headers: { 'set-cookie': 'c=secreto' } },
      },
      'raw',
    );
    expect(lines.join('')).not.toContain('secreto');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      req: { url: '/x?token=[redacted]', headers: { authorization: '[Redacted]' } },
    });
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
    ) as unknown as pino.Logger;

  it('bind the request id as pino children do', () => {
    const lines: string[] = [];
    const parent = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const child = requestChildLoggerFactory.call(
      undefined as never,
      parent,
      { reqId: 'a"b\\c' } as never,
      {},
      undefined as never,
    );
    child.info('uno');
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'a"b\\c', msg: 'uno' });
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

describe('standard output', () => {
  it('holds every line written before the process exits, also when it exits at once', () => {
    // The app's logger on standard output (pino's asynchronous destination), in a process that
    // writes a burst of lines and exits straight after.
    const script = `
      import pino from 'pino';
      import { defaultLoggerOptions } from './src/lib/logger.ts';
      const log = pino(defaultLoggerOptions({ logLevel: 'info', isProduction: true }));
      for (let i = 0; i < 2000; i += 1) log.info({ i }, 'línea');
      process.exit(0);
    `;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: new URL('../..', import.meta.url),
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2000);
    expect(JSON.parse(lines[1999]!)).toMatchObject({ i: 1999, msg: 'línea' });
  });
});
