import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogDestination } from './log-destination';

describe('log destination', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'um-log-'));
  const file = path.join(dir, 'out.log');
  let fd: number | undefined;
  afterEach(() => {
    if (fd !== undefined) closeSync(fd);
    rmSync(file, { force: true });
  });

  it('writes whole blocks at once and the rest when flushed, in order', () => {
    fd = openSync(file, 'w');
    const destination = createLogDestination({ fd, blockBytes: 140, flushMs: 60_000 });
    const lines = Array.from({ length: 7 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(20)}"}\n`);
    for (const line of lines.slice(0, 3)) destination.write(line);
    // 3 lines of 37 bytes stay below a block of 140: nothing written yet.
    expect(readFileSync(file, 'utf8')).toBe('');
    destination.write(lines[3]!);
    expect(readFileSync(file, 'utf8')).toBe(lines.slice(0, 4).join(''));
    for (const line of lines.slice(4)) destination.write(line);
    destination.flush();
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('keeps multi-byte text intact', () => {
    fd = openSync(file, 'w');
    const destination = createLogDestination({ fd, blockBytes: 10, flushMs: 60_000 });
    destination.write('{"msg":"categoría añadida ✓"}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"categoría añadida ✓"}\n');
  });

  it('writes a line longer than its buffer whole, after what was waiting', () => {
    fd = openSync(file, 'w');
    const destination = createLogDestination({ fd, blockBytes: 16, flushMs: 60_000 });
    destination.write('{"n":1}\n');
    const long = `{"pad":"${'ñ'.repeat(200)}"}\n`;
    destination.write(long);
    destination.write('{"n":2}\n');
    destination.flush();
    expect(readFileSync(file, 'utf8')).toBe(`{"n":1}\n${long}{"n":2}\n`);
  });

  it('reuses its buffer: later blocks do not repeat or corrupt earlier lines', () => {
    fd = openSync(file, 'w');
    const destination = createLogDestination({ fd, blockBytes: 64, flushMs: 60_000 });
    const lines = Array.from(
      { length: 50 },
      (_, i) => `{"n":${i},"msg":"línea ${'é'.repeat(i % 7)}"}\n`,
    );
    for (const line of lines) destination.write(line);
    destination.flush();
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });
});
