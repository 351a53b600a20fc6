// What the benchmark scripts share: starting and stopping processes, an autocannon load with the
// figures the tables show, and the bare Fastify hello-world every ratio is measured against.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns a Node process and resolves with it once `readyUrl` answers 2xx. */
export const startProcess = async (args, env, readyUrl) => {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
};

export const stopProcess = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/**
 * `load(url, headers)` runs autocannon with the script's connections and duration;
 * `startHello(port)` starts the hello-world (stopped by `cleanups`), warms it up and returns a
 * function that measures it.
 */
export const createLoadTools = ({ connections, duration, cleanups }) => {
  const load = async (url, headers = {}) => {
    const result = await autocannon({ url, connections, duration, headers });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.errors + result.timeouts + result.non2xx,
      requests: result.requests.total,
    };
  };

  /** A bare Fastify hello-world in a process of its own (no logger, no plugins). */
  const startHello = async (port) => {
    const code = `import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
    const url = `http://127.0.0.1:${port}/`;
    const child = await startProcess(['--input-type=module', '-e', code], {}, url);
    cleanups.push(() => stopProcess(child));
    await autocannon({ url, connections, duration: 2 });
    return () => load(url);
  };

  return { load, startHello };
};
