import type { FastifyBaseLogger } from 'fastify';

/**
 * The one way a module runs periodic work in each instance (the photo sweep, listing expiry):
 * a first run `firstAfterMs` after start, then every `everyMs`, never two runs at once; errors
 * are logged, never thrown. Work that must happen once across instances takes its own
 * transaction-scoped advisory lock inside `run`. Returns the function that stops it (and waits
 * for a run under way).
 */
export const startPeriodic = <T>(options: {
  run: () => Promise<T>;
  firstAfterMs: number;
  everyMs: number;
  log: FastifyBaseLogger;
  /** Logged at error level when a run fails. */
  failure: string;
  /** Called with each run's result (e.g. to log what it did). */
  onDone?: (result: T) => void;
}) => {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = options
      .run()
      .then((result) => options.onDone?.(result))
      .catch((error: unknown) => options.log.error({ err: error }, options.failure))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, options.firstAfterMs);
  const timer = setInterval(run, options.everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
};
