import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Threads of this process blocked opening a FIFO for reading (Linux: /proc). */
const threadsWaitingOnFifo = () =>
  readdirSync('/proc/self/task').filter((task) => {
    try {
      return readFileSync(`/proc/self/task/${task}/wchan`, 'utf8') === 'wait_for_partner';
    } catch {
      return false;
    }
  }).length;

/**
 * Holds threads of libuv's pool on demand: opening a FIFO for reading (`fs.promises.open`, which
 * runs on the pool) blocks that thread until a writer opens the FIFO. `hold()` starts one and
 * answers a promise settled once it is released; `whenHeld(n)` waits until n threads are blocked;
 * `release()` lets every hold go (call it in `finally`: a held thread keeps the process alive).
 */
export const createPoolHolds = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'um-pool-'));
  const holds: { fifo: string; settled: boolean }[] = [];

  const hold = () => {
    const entry = { fifo: path.join(dir, `hold-${holds.length}`), settled: false };
    execFileSync('mkfifo', [entry.fifo]);
    holds.push(entry);
    return open(entry.fifo, 'r')
      .then((handle) => handle.close())
      .finally(() => {
        entry.settled = true;
      });
  };

  const whenHeld = async (count: number) => {
    while (threadsWaitingOnFifo() < count) await sleep(5);
  };

  const release = async () => {
    // A hold whose open has not reached a thread yet has no reader to wake: try again until all
    // have been let go.
    while (holds.some((entry) => !entry.settled)) {
      for (const entry of holds.filter((candidate) => !candidate.settled)) {
        try {
          closeSync(openSync(entry.fifo, constants.O_WRONLY | constants.O_NONBLOCK));
        } catch {
          // ENXIO: no reader yet.
        }
      }
      await sleep(5);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  return { hold, whenHeld, release };
};
