import { and, asc, eq, inArray, not, notInArray } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { dispatchWaiters, type DispatchQueueName } from '../../db/schema/index';
import { markPresent, seenWithin } from './presence.repository';

/**
 * Marks a staff member as searching, one who already searches keeping their place in the queue, and as
 * seen now (asking for work is being seen): one statement.
 */
export async function addWaiter(
  db: Executor,
  userId: string,
  queue: DispatchQueueName,
  since: Date,
): Promise<void> {
  const seen = db.$with('seen').as(markPresent(db, userId));
  await db.with(seen).insert(dispatchWaiters).values({ userId, queue, since }).onConflictDoNothing();
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
 * The longest-waiting searchers of a queue seen within `presentSeconds`, but those `passed`, locked; rows
 * others hold are skipped, never waited for.
 */
export async function claimSearchers(
  tx: Transaction,
  claim: { queue: DispatchQueueName; limit: number; presentSeconds: number; passed: readonly string[] },
): Promise<string[]> {
  const rows = await tx
    .select({ userId: dispatchWaiters.userId })
    .from(dispatchWaiters)
    .where(
      and(
        eq(dispatchWaiters.queue, claim.queue),
        seenWithin(dispatchWaiters.userId, claim.presentSeconds),
        claim.passed.length > 0 ? notInArray(dispatchWaiters.userId, [...claim.passed]) : undefined,
      ),
    )
    .orderBy(asc(dispatchWaiters.since), asc(dispatchWaiters.userId))
    .limit(claim.limit)
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
