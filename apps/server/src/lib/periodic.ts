/** A timer whose passes never overlap; stopping it waits for the pass under way. */
export interface Periodic {
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` (a tick is skipped while a pass still runs). The pass reports its own
 * failures; the timer never keeps the process alive.
 */
export function startPeriodic(intervalMs: number, pass: () => Promise<void>): Periodic {
  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = pass()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
