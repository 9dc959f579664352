import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { dispatchWaiters, type DispatchQueueName } from '../../db/schema/index';

/** Marks a staff member as searching; one who already searches keeps their place in the queue. */
export async function addWaiter(
  db: Executor,
  userId: string,
  queue: DispatchQueueName,
  since: Date,
): Promise<void> {
  await db.insert(dispatchWaiters).values({ userId, queue, since }).onConflictDoNothing();
}

export async function removeWaiters(
  db: Executor,
  userId: string,
  queues: DispatchQueueName[],
): Promise<void> {
  await db
    .delete(dispatchWaiters)
    .where(and(eq(dispatchWaiters.userId, userId), inArray(dispatchWaiters.queue, queues)));
}

/** The longest-waiting searchers of a queue, locked; rows others hold are skipped, never waited for. */
export async function claimWaiters(
  tx: Transaction,
  queue: DispatchQueueName,
  limit: number,
): Promise<string[]> {
  const rows = await tx
    .select({ userId: dispatchWaiters.userId })
    .from(dispatchWaiters)
    .where(eq(dispatchWaiters.queue, queue))
    .orderBy(asc(dispatchWaiters.since), asc(dispatchWaiters.userId))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.userId);
}
