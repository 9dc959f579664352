import { readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';

/**
 * Temporary folders of the servers a test starts itself (its own Redis, its own PostgreSQL cluster),
 * named `<prefix><owner pid>-…`, so that a later run recognises the folder of a run that crashed
 * before it could clean up (its owner process is gone) and removes it with whatever still runs in it.
 */
export function ownServerDir(base: string, prefix: string): Promise<string> {
  return mkdtemp(path.join(base, `${prefix}${process.pid}-`));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Folders under `base` left by runs whose process is gone: `stopLeftover` stops what still runs in one
 * (synchronously), then the folder is removed.
 */
export function removeLeftovers(base: string, prefix: string, stopLeftover: (dir: string) => void): void {
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const owner = Number(name.slice(prefix.length).split('-')[0]);
    if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || isAlive(owner)) continue;
    const dir = path.join(base, name);
    try {
      stopLeftover(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

const onExit = new Set<() => void>();
let hooked = false;

/**
 * Runs `stop` (synchronous) if the process exits while the server still runs, as when a test run is
 * ended early: a server a test started never outlives the run. Answers a function that unregisters it.
 */
export function stopOnExit(stop: () => void): () => void {
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const each of onExit) {
        try {
          each();
        } catch {
          // Best effort: the process is going.
        }
      }
    });
  }
  onExit.add(stop);
  return () => {
    onExit.delete(stop);
  };
}

/** A server a test starts on a free port of its own, and stops and starts again under the product. */
export interface OwnServer {
  port: number;
  url: string;
  /** Whether the server runs (between `start` and `stop`). */
  readonly running: boolean;
  /** Stops it (sessions cut, new connections refused) and waits until it has. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}
