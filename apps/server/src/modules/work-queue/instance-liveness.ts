import { randomInt } from 'node:crypto';
import type { DatabaseHandle, HeldLock } from '../../db/client';
import { LIVENESS_SPACE } from './instance-liveness.repository';
/** How soon a lost lock is taken again (the database restarted, the connection dropped). */
const RETAKE_MS = 500;

export interface InstanceLiveness {
  /** This instance's key, the same for the life of the process. */
  readonly key: number;
  /** The lock is held: this instance's searchers may be offered work. */
  held(): boolean;
  /** Runs each time the lock is taken again after it was lost. */
  onRegained(listener: () => void): void;
  stop(): Promise<void>;
}

/**
 * Takes this instance's liveness lock, and takes it again whenever it is lost while the process lives.
 * Answers at once; the lock follows (the first try is made before this resolves).
 */
export async function startInstanceLiveness(
  database: Pick<DatabaseHandle, 'holdLock'>,
  log: { warn(message: string): void; info(message: string): void },
): Promise<InstanceLiveness> {
  const key = randomInt(1, 2 ** 31 - 1);
  const listeners: Array<() => void> = [];
  let lock: HeldLock | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lostOnce = false;

  async function take(): Promise<void> {
    timer = undefined;
    if (stopped) return;
    const taken = await database
      .holdLock(LIVENESS_SPACE, key, () => {
        lock = undefined;
        lostOnce = true;
        if (stopped) return;
        log.warn('instance liveness lock lost: its searchers are offered nothing until it is taken again');
        retry();
      })
      .catch(() => undefined);
    if (stopped) {
      await taken?.release();
      return;
    }
    if (!taken) return retry();
    lock = taken;
    if (lostOnce) {
      log.info('instance liveness lock taken again');
      for (const listener of listeners) listener();
    }
  }
  function retry() {
    if (!stopped && !timer) timer = setTimeout(() => void take(), RETAKE_MS);
  }

  await take();
  return {
    key,
    held: () => lock !== undefined,
    onRegained: (listener) => listeners.push(listener),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await lock?.release();
      lock = undefined;
    },
  };
}
