import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPolledWorker } from './polled-worker';

describe('startPolledWorker: the mail outbox and saved-search matching', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a kick during a pass runs one more pass, not a second at once; polling kicks too', async () => {
    let finish: () => void = () => undefined;
    const runPass = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const worker = startPolledWorker({ runPass, pollMs: 1000, onError: vi.fn() });
    const first = worker.kick();
    const second = worker.kick();
    expect(second).toBe(first);
    expect(runPass).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(runPass).toHaveBeenCalledTimes(2);
    finish();
    await first;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runPass).toHaveBeenCalledTimes(3);
    finish();
    await worker.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runPass).toHaveBeenCalledTimes(3);
  });

  it('reports a failed pass and starts the next one afresh; stop is seen by the pass', async () => {
    const onError = vi.fn();
    const seen: boolean[] = [];
    const runPass = vi
      .fn<(isStopped: () => boolean) => Promise<void>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockImplementation((isStopped) => {
        seen.push(isStopped());
        return Promise.resolve();
      });
    const worker = startPolledWorker({ runPass, pollMs: 1000, onError });
    await worker.kick();
    expect(onError).toHaveBeenCalledWith(new Error('boom'));
    await worker.kick();
    await worker.stop();
    await worker.kick();
    expect(seen).toEqual([false, true]);
  });
});
