import { and, asc, eq, inArray, not } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { dispatchWaiters, type DispatchQueueName } from '../../db/schema/index';
import { seenWithin } from './presence.repository';

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

/**
 * The longest-waiting searchers of a queue seen within `presentSeconds`, locked; rows others hold are
 * skipped, never waited for.
 */
export async function claimWaiters(
  tx: Transaction,
  queue: DispatchQueueName,
  limit: number,
  presentSeconds: number,
): Promise<string[]> {
  const rows = await tx
    .select({ userId: dispatchWaiters.userId })
    .from(dispatchWaiters)
    .where(and(eq(dispatchWaiters.queue, queue), seenWithin(dispatchWaiters.userId, presentSeconds)))
    .orderBy(asc(dispatchWaiters.since), asc(dispatchWaiters.userId))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.userId);
}

/** Searchers of a queue not seen within `presentSeconds` (their instance died) stop searching. */
export async function dropAbsentWaiters(
  db: Executor,
  queue: DispatchQueueName,
  presentSeconds: number,
): Promise<number> {
  const dropped = await db
    .delete(dispatchWaiters)
    .where(and(eq(dispatchWaiters.queue, queue), not(seenWithin(dispatchWaiters.userId, presentSeconds))))
    .returning({ userId: dispatchWaiters.userId });
  return dropped.length;
}
