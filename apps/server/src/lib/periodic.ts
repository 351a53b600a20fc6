import type { FastifyBaseLogger } from 'fastify';

/**
 * Periodic work of one process (the photo sweep, the hand-off sweep, the listing expiry pass, the
 * unread-messages and saved-search digests, meet-up reminders): a first run after
 * `firstDelayMs`, then every `intervalMs`, never two runs at once, timers that do not keep the
 * process alive. Each job is safe on several instances by itself (row locks, conditional
 * updates), so every instance runs it. Returns the function that stops it and waits for a run in
 * progress (onClose).
 */
export const startPeriodic = ({
  name,
  run,
  intervalMs,
  firstDelayMs,
  log,
}: {
  name: string;
  run: () => Promise<unknown>;
  intervalMs: number;
  firstDelayMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}) => {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, firstDelayMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
};
