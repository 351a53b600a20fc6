import { writeSync } from 'node:fs';

export type LogDestination = {
  write: (line: string) => void;
  /** Writes what is waiting, synchronously (also run every `flushMs` and at exit). */
  flush: () => void;
};

const BUSY_WAIT = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `bytes` to `fd`, waiting out a full non-blocking pipe (EAGAIN). */
const writeAll = (fd: number, bytes: Uint8Array) => {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
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
 *
 * Each line is encoded into one reused buffer as it arrives, instead of being kept as a string
 * until the block is written: a block of a hundred request lines kept as strings was one long
 * rope of short pieces, which the write then had to walk and flatten (decision 033). A line that
 * does not fit what is left of the buffer writes the block first; a line longer than the buffer
 * is written on its own.
 */
export const createLogDestination = ({
  fd = 1,
  blockBytes = 32 * 1024,
  flushMs = 250,
}: { fd?: number; blockBytes?: number; flushMs?: number } = {}): LogDestination => {
  // Room for a block and one more line of up to a block's size (UTF-8: 3 bytes a UTF-16 unit).
  const buffer = Buffer.allocUnsafe(blockBytes * 4);
  let used = 0;
  const flush = () => {
    if (used === 0) return;
    const block = buffer.subarray(0, used);
    used = 0;
    writeAll(fd, block);
  };
  setInterval(flush, flushMs).unref();
  process.on('exit', flush);
  return {
    write: (line) => {
      // At most 3 bytes for each UTF-16 unit: checked without measuring the line.
      if (line.length * 3 > buffer.length - used) {
        flush();
        if (line.length * 3 > buffer.length) {
          writeAll(fd, Buffer.from(line));
          return;
        }
      }
      used += buffer.write(line, used, 'utf8');
      if (used >= blockBytes) flush();
    },
    flush,
  };
};
