import type { Database, Transaction } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import type { Storage } from './storage';

/** Removes stored files, ignoring any already gone: clean-up must not hide the error behind it. */
export async function removeFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/** A committed write, or one found in the database after its COMMIT's answer was lost. */
export type CommitWithFiles<T> = { answered: true; value: T } | { answered: false; error: unknown };

/**
 * Runs `work` in one transaction that refers to files already stored under `keys`, and removes the
 * files when it fails. Only a connection lost during COMMIT (all the work had run) leaves the outcome
 * open; the backend is gone with the connection, so the transaction has ended either way, and
 * `landed` asks the database which. Landed: the files stay and the answer is `{answered: false}`
 * (the work's value was lost with the connection); not landed: the files go and the error is thrown;
 * no answer from the database: the error is thrown and the files stay, since the write may exist.
 */
export async function commitWithFiles<T>(
  deps: { db: Database; storage: Storage },
  keys: readonly string[],
  work: (tx: Transaction) => Promise<T>,
  landed: () => Promise<boolean>,
): Promise<CommitWithFiles<T>> {
  let committing = false;
  try {
    const value = await deps.db.transaction(async (tx) => {
      const result = await work(tx);
      committing = true;
      return result;
    });
    return { answered: true, value };
  } catch (error) {
    if (committing && isDatabaseUnavailable(error)) {
      const found = await landed().catch(() => undefined);
      if (found) return { answered: false, error };
      if (found === undefined) throw error;
    }
    await removeFiles(deps.storage, keys);
    throw error;
  }
}
