import { and, asc, eq, inArray, isNotNull, isNull, not, notInArray, or, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { dispatchWaiters, type DispatchQueueName } from '../../db/schema/index';
import { instanceAlive } from './instance-liveness.repository';
import { markPresent, seenWithin } from './presence.repository';

/**
 * A searcher may be offered work: their instance lives (a row it wrote), or, for a row that names no
 * instance, they were seen within `presentSeconds`.
 */
function searcherPresent(presentSeconds: number): SQL {
  return or(
    and(isNotNull(dispatchWaiters.instanceKey), instanceAlive(dispatchWaiters.instanceKey)),
    and(isNull(dispatchWaiters.instanceKey), seenWithin(dispatchWaiters.userId, presentSeconds)),
  )!;
}

/**
 * Marks a staff member as searching through the instance `instanceKey`, one who already searches keeping
 * their place in the queue (their row now names this instance), and as seen now (asking for work is
 * being seen): one statement.
 */
export async function addWaiter(
  db: Executor,
  userId: string,
  queue: DispatchQueueName,
  since: Date,
  instanceKey: number | null,
): Promise<void> {
  const seen = db.$with('seen').as(markPresent(db, userId));
  await db
    .with(seen)
    .insert(dispatchWaiters)
    .values({ userId, queue, since, instanceKey })
    .onConflictDoUpdate({
      target: [dispatchWaiters.userId, dispatchWaiters.queue],
      set: { instanceKey },
    });
}

/** Of these users, the ones searching in `queue` through the instance `instanceKey`. */
export async function waitingThrough(
  db: Executor,
  queue: DispatchQueueName,
  userIds: readonly string[],
  instanceKey: number,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: dispatchWaiters.userId })
    .from(dispatchWaiters)
    .where(
      and(
        eq(dispatchWaiters.queue, queue),
        inArray(dispatchWaiters.userId, [...userIds]),
        eq(dispatchWaiters.instanceKey, instanceKey),
      ),
    );
  return rows.map((row) => row.userId);
}

/** The user's search in these queues through this instance ends (another instance's row stays). */
export async function removeWaitersThrough(
  db: Executor,
  userId: string,
  queues: DispatchQueueName[],
  instanceKey: number,
): Promise<void> {
  await db
    .delete(dispatchWaiters)
    .where(
      and(
        eq(dispatchWaiters.userId, userId),
        inArray(dispatchWaiters.queue, queues),
        or(isNull(dispatchWaiters.instanceKey), eq(dispatchWaiters.instanceKey, instanceKey)),
      ),
    );
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
        searcherPresent(claim.presentSeconds),
        claim.passed.length > 0 ? notInArray(dispatchWaiters.userId, [...claim.passed]) : undefined,
      ),
    )
    .orderBy(asc(dispatchWaiters.since), asc(dispatchWaiters.userId))
    .limit(claim.limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.userId);
}

/**
 * Searchers of a queue whose instance died stop searching at once; those of a row naming no instance
 * when not seen within `presentSeconds`. (An instance that only lost its connection for a while writes
 * its searchers' rows again when it is back: plugins/searches.ts.)
 */
export async function dropAbsentWaiters(
  db: Executor,
  queue: DispatchQueueName,
  presentSeconds: number,
): Promise<number> {
  const dropped = await db
    .delete(dispatchWaiters)
    .where(and(eq(dispatchWaiters.queue, queue), not(searcherPresent(presentSeconds))))
    .returning({ userId: dispatchWaiters.userId });
  return dropped.length;
}
