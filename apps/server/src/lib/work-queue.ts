import pLimit, { type LimitFunction } from 'p-limit';

/** Bounds of a work queue; every count is of tasks (decision 041). */
export type WorkQueueLimits = {
  /** Tasks running at once in this process. */
  concurrency: number;
  /** Tasks of one key (an account) running at once: below `concurrency`, so one key never holds every slot. */
  perKey: number;
  /** Tasks one key may have admitted (running or waiting); a request that would pass it is refused. */
  maxAdmittedPerKey: number;
  /** Tasks admitted in this process (running or waiting); a request that would pass it is refused. */
  maxAdmitted: number;
};

/** A request refused because its key (`scope: 'key'`) or the whole process has enough queued. */
export class WorkQueueFullError extends Error {
  readonly scope: 'key' | 'total';
  constructor(scope: 'key' | 'total') {
    super(scope === 'key' ? 'too much work queued for this key' : 'too much work queued');
    this.name = 'WorkQueueFullError';
    this.scope = scope;
  }
}

/**
 * A fair, bounded work queue on p-limit: at most `concurrency` tasks run at once, at most
 * `perKey` of them for one key, and since each key feeds the shared queue through its own
 * `perKey` limiter, a task of a new key waits behind at most `perKey` tasks of every other key,
 * however many those have sent. A request's tasks are admitted together or refused together
 * (WorkQueueFullError) before any of them starts.
 */
/** How long a finished task waited for its slot and then ran (milliseconds). */
export type WorkQueueTiming = { waitedMs: number; ranMs: number; isFailed: boolean };

export const createWorkQueue = (limits: WorkQueueLimits) => {
  const slots = pLimit(limits.concurrency);
  const keys = new Map<string, { limit: LimitFunction; admitted: number }>();
  let admitted = 0;
  let refused = 0;
  const observers = new Set<(timing: WorkQueueTiming) => void>();

  /** The task, timed for the observers (the metrics) when there are any. */
  const timed =
    <T>(task: () => Promise<T>, admittedAt: number) =>
    async () => {
      if (observers.size === 0) return task();
      const startedAt = performance.now();
      let isFailed = true;
      try {
        const value = await task();
        isFailed = false;
        return value;
      } finally {
        const timing = {
          waitedMs: startedAt - admittedAt,
          ranMs: performance.now() - startedAt,
          isFailed,
        };
        for (const observe of observers) observe(timing);
      }
    };

  /** Admits every task or none; answers one promise per task, in order. */
  const run = <T>(key: string, tasks: readonly (() => Promise<T>)[]): Promise<T>[] => {
    const entry = keys.get(key) ?? { limit: pLimit(limits.perKey), admitted: 0 };
    const isKeyFull = entry.admitted + tasks.length > limits.maxAdmittedPerKey;
    if (isKeyFull || admitted + tasks.length > limits.maxAdmitted) {
      refused += 1;
      throw new WorkQueueFullError(isKeyFull ? 'key' : 'total');
    }
    keys.set(key, entry);
    entry.admitted += tasks.length;
    admitted += tasks.length;
    const admittedAt = performance.now();
    return tasks.map((task) =>
      entry
        .limit(() => slots(timed(task, admittedAt)))
        .finally(() => {
          entry.admitted -= 1;
          admitted -= 1;
          if (entry.admitted === 0) keys.delete(key);
        }),
    );
  };

  return {
    limits,
    run,
    /** Tasks running now and tasks admitted but waiting for a slot. */
    stats: () => ({ running: slots.activeCount, waiting: admitted - slots.activeCount }),
    /** Requests refused (WorkQueueFullError) since the queue was made. */
    refusedCount: () => refused,
    /** Calls `observe` with the timing of every task that ends; answers the unsubscribe. */
    observe: (observe: (timing: WorkQueueTiming) => void) => {
      observers.add(observe);
      return () => {
        observers.delete(observe);
      };
    },
  };
};
export type WorkQueue = ReturnType<typeof createWorkQueue>;
