import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_ROOT } from '../config/paths';

/** A loopback port nobody listens on (yet). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const exited = (process: ChildProcess) =>
  process.exitCode !== null || process.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => process.once('exit', resolve));

/**
 * The real server (`src/server.ts` through tsx) as a child process with exactly `env`, once its
 * `/readyz` answers; the crash tests kill it with SIGKILL.
 */
export const startServerProcess = async (env: NodeJS.ProcessEnv, base: string) => {
  let stderr = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  for (let tries = 0; tries < 600; tries += 1) {
    if (server.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  server.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
};

/**
 * A child server's whole environment: loopback `port`, data in `dataDir`, a fixed JWT secret (its
 * tokens outlive a restart), no web build, and `X-Forwarded-For` trusted from loopback so that
 * each test client may pose as its own address (the per-IP limits hold).
 */
export const childServerEnv = (
  port: number,
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  JWT_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  TRUST_PROXY: 'loopback',
  ...extra,
});
