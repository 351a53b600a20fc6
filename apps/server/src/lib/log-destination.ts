import { writeSync } from 'node:fs';

export type LogDestination = {
  write: (line: string) => void;
  /** Writes what is waiting, synchronously (also run every `flushMs` and at exit). */
  flush: () => void;
};

const BUSY_WAIT = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `text` to `fd`, waiting out a full non-blocking pipe (EAGAIN). */
const writeAll = (fd: number, text: string) => {
  let bytes: Buffer | undefined;
  let offset = 0;
  for (;;) {
    try {
      if (!bytes) {
        const written = writeSync(fd, text);
        // A partial write of a string: go on with its bytes.
        if (written === Buffer.byteLength(text)) return;
        bytes = Buffer.from(text);
        offset = written;
      } else {
        offset += writeSync(fd, bytes, offset);
      }
      if (offset >= bytes.length) return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBUSY') return; // closed or broken: the lines are lost
      Atomics.wait(BUSY_WAIT, 0, 0, 10);
    }
  }
};

/**
 * Log lines written in blocks of at least `blockBytes` with one system call each, and at most
 * `flushMs` late (decision 013). Synchronous, so a slow reader holds the writer back instead of
 * lines piling up in memory, and nothing is left unwritten at exit. Cheaper per line than
 * pino.destination's asynchronous mode, which measures each queued block again on every line
 * (decision 028).
 */
export const createLogDestination = ({
  fd = 1,
  blockBytes = 32 * 1024,
  flushMs = 250,
}: { fd?: number; blockBytes?: number; flushMs?: number } = {}): LogDestination => {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    writeAll(fd, text);
  };
  setInterval(flush, flushMs).unref();
  process.on('exit', flush);
  return {
    write: (line) => {
      pending += line;
      if (pending.length >= blockBytes) flush();
    },
    flush,
  };
};
