import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childServerEnv, exited, freePort, sleep, startServerProcess } from './test/child-server';

/**
 * The drain phase after SIGTERM (decision 101), on the real server (`src/server.ts`): a load
 * balancer sees `/readyz` answer 503, and a client on a kept-alive connection still gets its
 * answer, told with `Connection: close` to open its next connection elsewhere.
 */
describe('shutdown: drain before closing', () => {
  let dataDir = '';
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    if (child) await exited(child);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers a request on a keep-alive connection during shutdown, and /readyz says 503', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'um-drain-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Long enough that the drain only ends because its last connection closed.
    const env = childServerEnv(port, dataDir, { SHUTDOWN_DRAIN_MS: '60000' });
    child = await startServerProcess(env, base);

    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('latin1');
    let received = '';
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.on('end', resolve));
    const ask = (url: string) => socket.write(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    /** One whole answer (headers and a JSON body of known length) read from the socket. */
    const answer = async () => {
      for (;;) {
        const head = received.indexOf('\r\n\r\n');
        const length = /content-length: (\d+)/i.exec(received)?.[1];
        if (head >= 0 && length && received.length >= head + 4 + Number(length)) {
          const text = received.slice(0, head + 4 + Number(length));
          received = received.slice(text.length);
          return text;
        }
        await sleep(10);
      }
    };

    try {
      ask('/healthz');
      expect(await answer()).toMatch(/^HTTP\/1\.1 200[^]*connection: keep-alive/i);

      child.kill('SIGTERM');
      // What a balancer's health check sees, on connections of its own.
      let ready = 200;
      while (ready !== 503) {
        const res = await fetch(`${base}/readyz`, { headers: { connection: 'close' } });
        ready = res.status;
        if (ready === 503) {
          expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        }
      }

      // The kept-alive connection still gets its answer, whole, and is then closed.
      ask('/api/categories');
      const last = await answer();
      expect(last).toMatch(/^HTTP\/1\.1 200 /);
      expect(last).toMatch(/\r\nconnection: close\r\n/i);
      const categories = JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4)) as unknown[];
      expect(categories.length).toBeGreaterThan(0);
      await ended;

      // With no connection left the drain ends and the server closes, without the 60 s.
      await exited(child);
      expect(child.exitCode).toBe(0);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      socket.destroy();
    }
  }, 120_000);
});
