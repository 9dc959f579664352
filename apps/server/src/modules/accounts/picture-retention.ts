import { ConditionGroup } from '@retouch/shared/order-flow';
import type { Database } from '../../db/client';
import { storageKeyFromPath, type Storage } from '../../storage/storage';
import {
  claimOrdersKeepingPictures,
  findStepPictures,
  markPicturesExpired,
  type PictureScope,
} from './picture-retention.repository';

/** Orders claimed per transaction by the retention job and the account deletion. */
const PICTURE_EXPIRY_BATCH_SIZE = 50;

/** Conditions an order leaves no more by itself: only such orders lose their pictures. */
export const FINISHED_CONDITIONS = [...ConditionGroup.finished];

export interface PictureRetentionDeps {
  db: Database;
  storage: Storage;
}

/**
 * Claims one batch of orders whose pictures are still kept (FOR UPDATE SKIP LOCKED, so instances
 * running at once take different orders), removes every stored picture of them and of their
 * processing steps, and flags them expired, all before the commit. A failed removal rolls the batch
 * back; a later run removes again (removing a missing file is no error). Answers the flagged ids.
 */
async function expireOneBatch(
  deps: PictureRetentionDeps,
  which: PictureScope,
  now: Date,
  batchSize: number,
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const claimed = await claimOrdersKeepingPictures(tx, which, batchSize);
    if (claimed.length === 0) return [];
    const ids = claimed.map((order) => order.id);
    const steps = await findStepPictures(tx, ids);
    const paths = [
      ...claimed.flatMap((o) => [o.original, o.originalThumb, o.draft, o.additional, o.finalPicture]),
      ...steps.flatMap((step) => [step.result, step.review]),
    ];
    const keys = new Set(paths.map(storageKeyFromPath).filter((key): key is string => key !== undefined));
    for (const key of keys) await deps.storage.remove(key);
    await markPicturesExpired(tx, ids, now);
    return ids;
  });
}

async function expireAll(deps: PictureRetentionDeps, which: PictureScope, now: Date, batchSize: number) {
  let expired = 0;
  for (;;) {
    const batch = await expireOneBatch(deps, which, now, batchSize);
    expired += batch.length;
    if (batch.length < batchSize) return expired;
  }
}

/**
 * The retention job: deletes the pictures of finished orders created more than `retentionDays` ago and
 * flags the orders, so screens show a placeholder. Idempotent, and safe on several instances at once.
 * An order still in work keeps its pictures until it finishes. Answers how many orders it expired.
 */
export async function expireOldPictures(
  deps: PictureRetentionDeps,
  now: Date,
  options: { retentionDays: number; batchSize?: number },
): Promise<number> {
  const cutoff = new Date(now.getTime() - options.retentionDays * 24 * 3600 * 1000);
  const which = { createdBefore: cutoff, conditions: FINISHED_CONDITIONS };
  return expireAll(deps, which, now, options.batchSize ?? PICTURE_EXPIRY_BATCH_SIZE);
}

/** Deletes the pictures of every order of a user (their account is deleted) and flags the orders. */
export async function expireUserPictures(
  deps: PictureRetentionDeps,
  userId: string,
  now: Date,
): Promise<number> {
  return expireAll(deps, { userId }, now, PICTURE_EXPIRY_BATCH_SIZE);
}
