import type { Database } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { findExistingOrderIds } from './orders.repository';

/** A folder of order pictures without its order is left alone this long: its order may still be committing. */
export const ORPHAN_PICTURE_AGE_MINUTES = 60;
/** Order ids looked up per query. */
const LOOKUP_BATCH_SIZE = 500;
const ORDER_FOLDER = /^orders\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//;

export interface OrphanPictureDeps {
  db: Database;
  storage: Storage;
}

/** The newest write time of each `orders/<orderId>/` folder. */
async function newestWriteByOrder(storage: Storage): Promise<Map<string, number>> {
  const newest = new Map<string, number>();
  for await (const file of storage.list('orders/')) {
    const orderId = ORDER_FOLDER.exec(file.key)?.[1];
    if (!orderId) continue;
    newest.set(orderId, Math.max(newest.get(orderId) ?? 0, file.modifiedAt.getTime()));
  }
  return newest;
}

/**
 * Removes the pictures an order left when the process died between storing them and committing the
 * order (commitWithFiles cleans up every failure it lives to see): folders `orders/<orderId>/` with
 * no order row whose newest file is older than ORPHAN_PICTURE_AGE_MINUTES. Idempotent and safe on
 * several instances at once (removing a missing file is no error). Answers how many folders it emptied.
 */
export async function removeOrphanPictures(deps: OrphanPictureDeps, now: Date): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_PICTURE_AGE_MINUTES * 60 * 1000;
  const oldEnough = [...(await newestWriteByOrder(deps.storage))]
    .filter(([, newest]) => newest < cutoff)
    .map(([orderId]) => orderId);
  let removed = 0;
  for (let start = 0; start < oldEnough.length; start += LOOKUP_BATCH_SIZE) {
    const batch = oldEnough.slice(start, start + LOOKUP_BATCH_SIZE);
    const existing = await findExistingOrderIds(deps.db, batch);
    for (const orderId of batch.filter((id) => !existing.has(id))) {
      for await (const file of deps.storage.list(`orders/${orderId}/`)) await deps.storage.remove(file.key);
      removed += 1;
    }
  }
  return removed;
}
