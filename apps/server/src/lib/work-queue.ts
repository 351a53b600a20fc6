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
export const createWorkQueue = (limits: WorkQueueLimits) => {
  const slots = pLimit(limits.concurrency);
  const keys = new Map<string, { limit: LimitFunction; admitted: number }>();
  let admitted = 0;

  /** Admits every task or none; answers one promise per task, in order. */
  const run = <T>(key: string, tasks: readonly (() => Promise<T>)[]): Promise<T>[] => {
    const entry = keys.get(key) ?? { limit: pLimit(limits.perKey), admitted: 0 };
    if (entry.admitted + tasks.length > limits.maxAdmittedPerKey)
      throw new WorkQueueFullError('key');
    if (admitted + tasks.length > limits.maxAdmitted) throw new WorkQueueFullError('total');
    keys.set(key, entry);
    entry.admitted += tasks.length;
    admitted += tasks.length;
    return tasks.map((task) =>
      entry
        .limit(() => slots(task))
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
  };
};
export type WorkQueue = ReturnType<typeof createWorkQueue>;
