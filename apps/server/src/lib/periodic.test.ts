import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic';

describe('startPeriodic: the timers of every sweep', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after the first delay, then each interval, never two runs at once; stop waits', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const log = { error: vi.fn() };
    const stop = startPeriodic({ name: 'test', run, intervalMs: 1000, firstDelayMs: 500, log });
    await vi.advanceTimersByTimeAsync(499);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    // Still running at the next tick: skipped.
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);

    let isStopped = false;
    const stopped = stop().then(() => {
      isStopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(isStopped).toBe(false);
    finish();
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failed run and keeps going', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    const log = { error: vi.fn() };
    const stop = startPeriodic({ name: 'sweep', run, intervalMs: 100, firstDelayMs: 0, log });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]).toEqual([{ err: new Error('boom') }, 'sweep failed']);
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    await stop();
  });
});
