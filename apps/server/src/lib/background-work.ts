/** Work started without being awaited (socket handlers, follow-ups), kept so that shutdown can wait for it. */
export interface BackgroundWork {
  /** Starts tracking the work; a failure goes to `onError` instead of becoming an unhandled rejection. */
  run(work: Promise<unknown>): void;
  /** Resolves once nothing tracked is running, including work started while waiting. */
  settled(): Promise<void>;
}

export function createBackgroundWork(onError: (error: unknown) => void): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(work) {
      const tracked: Promise<void> = work
        .then(() => undefined, onError)
        .finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
