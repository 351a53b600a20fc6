import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childServerEnv, exited, freePort, sleep, startServerProcess } from '../test/child-server';
import { outboxDir } from './mail';

/**
 * "A crash right after a 201 loses nothing" (decision 011): registrations run against a real
 * server process that is killed with SIGKILL mid-traffic, several times; after the last restart
 * every acknowledged registration has exactly one verification email, and its link works.
 *
 * The server always runs on the embedded database here: it is the engine whose files a SIGKILL
 * could leave half-written, and on PostgreSQL a mail claimed by the killed process would wait for
 * its lease (two minutes) before being sent again. The PostgreSQL run of the suite skips it.
 */
const KILLS = 3;
const CLIENTS = 6;
const ACKS_PER_RUN = 8;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('mail across crashes', () => {
  let dataDir = '';
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('every acknowledged registration has exactly one usable verification email', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'um-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = childServerEnv(port, dataDir);

    const start = async () => {
      child = await startServerProcess(env, base);
      return child;
    };

    const acknowledged: string[] = [];
    let sequence = 0;
    const client = async (index: number, isRunning: () => boolean) => {
      while (isRunning()) {
        sequence += 1;
        const email = `crash${sequence}.c${index}@uni.edu`;
        try {
          const res = await fetch(`${base}/api/users`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${index}.1` },
            body: JSON.stringify({
              name: `Estudiante ${sequence}`,
              email,
              password: 'secreto123',
              confirmPassword: 'secreto123',
            }),
          });
          if (res.status === 201) acknowledged.push(email);
          else if (res.status !== 201) throw new Error(`registration answered ${res.status}`);
        } catch (error) {
          if (isRunning()) throw error;
          return; // the server was killed under this request: it was never acknowledged
        }
      }
    };

    for (let kill = 0; kill < KILLS; kill += 1) {
      const server = await start();
      let running = true;
      const clients = Array.from({ length: CLIENTS }, (_, index) => client(index, () => running));
      // Killed mid-traffic: once this run acknowledged a few registrations, at a random moment.
      const before = acknowledged.length;
      for (let waited = 0; acknowledged.length < before + ACKS_PER_RUN && waited < 60_000;) {
        await sleep(50);
        waited += 50;
      }
      await sleep(Math.floor(Math.random() * 250));
      running = false;
      server.kill('SIGKILL');
      await Promise.all([...clients, exited(server)]);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILLS * ACKS_PER_RUN);

    const server = await start();
    const dir = outboxDir(dataDir);
    const mailsFor = async () => {
      const names = await readdir(dir).catch(() => [] as string[]);
      const mails = await Promise.all(
        names
          .filter((name) => name.endsWith('.json'))
          .map(
            async (name) =>
              JSON.parse(await readFile(path.join(dir, name), 'utf8')) as {
                to: string;
                text: string;
              },
          ),
      );
      const byAddress = new Map<string, string[]>();
      for (const mail of mails)
        byAddress.set(mail.to, [...(byAddress.get(mail.to) ?? []), mail.text]);
      return { names, byAddress };
    };
    let outbox = await mailsFor();
    for (let tries = 0; tries < 200; tries += 1) {
      if (acknowledged.every((email) => outbox.byAddress.has(email))) break;
      await sleep(100);
      outbox = await mailsFor();
    }
    // Nothing half-written: every file parsed above; no temporary file survives a restart.
    expect(outbox.names.filter((name) => !name.endsWith('.json'))).toEqual([]);
    for (const email of acknowledged) {
      const texts = outbox.byAddress.get(email) ?? [];
      expect(texts, email).toHaveLength(1);
      const token = /verify-email\?token=([\w-]+)/.exec(texts[0]!)?.[1];
      const res = await fetch(`${base}/api/auth/verify-email?token=${token}`, { method: 'POST' });
      expect(res.status, email).toBe(200);
    }
    server.kill('SIGTERM');
    await exited(server);
  }, 180_000);
});
