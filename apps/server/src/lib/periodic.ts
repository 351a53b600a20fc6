/**
 * The one way a route plugin runs periodic work (the photo sweep, the unread digest, meet-up
 * reminders): a timer per instance that never keeps the process alive, one run at a time, errors
 * logged, stopped (and the run in flight awaited) when the app closes. Several instances may run
 * the same job: each job claims its rows in the database (a lock or `skip locked`), so the work
 * is done once.
 */
export type PeriodicJob = {
  name: string;
  intervalMs: number;
  /** Delay of the first run; the interval when not given. */
  firstRunMs?: number;
  run: () => Promise<unknown>;
  log: { error: (object: unknown, message: string) => void };
};

/** Starts the job; answers the function that stops it. */
export const startPeriodicJob = ({ name, intervalMs, firstRunMs, run, log }: PeriodicJob) => {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => log.error({ err: error, job: name }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, firstRunMs ?? intervalMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
};
