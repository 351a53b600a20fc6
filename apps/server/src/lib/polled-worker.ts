/**
 * A worker that empties a queue table on demand (the mail outbox, saved-search matching):
 * `kick` starts a pass, or asks the running one to look again, and resolves when the pass is
 * over; a pass also starts every `pollMs` (work another instance queued, retries that came due).
 * Never two passes at once in one process. `stop` ends the polling and waits for the running
 * pass, which sees `isStopped()` turn true and leaves between two items.
 */
export const startPolledWorker = ({
  runPass,
  pollMs,
  onError,
}: {
  runPass: (isStopped: () => boolean) => Promise<void>;
  pollMs: number;
  onError: (error: unknown) => void;
}) => {
  let isStopped = false;
  let current: Promise<void> | undefined;
  let isAgainRequested = false;

  const kick = (): Promise<void> => {
    if (current) {
      isAgainRequested = true;
      return current;
    }
    current = (async () => {
      try {
        do {
          isAgainRequested = false;
          await runPass(() => isStopped);
        } while (isAgainRequested && !isStopped);
      } catch (error) {
        onError(error);
      } finally {
        // Cleared in the same step the loop ends: a kick arriving later starts a new pass.
        current = undefined;
      }
    })();
    return current;
  };

  const timer = setInterval(() => void kick(), pollMs);
  timer.unref();

  return {
    kick,
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await current;
    },
  };
};
