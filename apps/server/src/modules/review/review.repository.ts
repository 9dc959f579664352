import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { OrderCondition } from '@retouch/shared/orders';
import type { Executor, Transaction } from '../../db/client';
import { DispatchQueue, dispatchWaiters, orderProcessing, orders } from '../../db/schema/index';

/** Conditions of an order waiting for (or under) review: a result or a refusal. */
export const IN_REVIEW = [OrderCondition.resultReview, OrderCondition.refusalReview];
/** Orders one review-matching transaction looks at, oldest first. */
const REVIEW_WINDOW = 50;

export async function addReviewWaiter(db: Executor, userId: string, since: Date): Promise<void> {
  await db
    .insert(dispatchWaiters)
    .values({ userId, queue: DispatchQueue.review, since })
    .onConflictDoNothing();
}

/** How many orders wait for a moderator. */
export async function countWaitingForReview(db: Executor): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(and(inArray(orders.condition, IN_REVIEW), isNull(orders.reviewerId)));
  return row?.value ?? 0;
}

/** The designer's attempt an order in review waits on: the last one, ended, not reviewed yet. */
export async function findPendingAttempt(db: Executor, orderId: string) {
  const [attempt] = await db
    .select()
    .from(orderProcessing)
    .where(
      and(
        eq(orderProcessing.orderId, orderId),
        eq(orderProcessing.kind, 'executor'),
        isNotNull(orderProcessing.dateEnd),
        isNull(orderProcessing.reviewStatus),
      ),
    )
    .orderBy(desc(orderProcessing.createdAt))
    .limit(1);
  return attempt;
}

/**
 * Claims review pairs in one transaction: the oldest orders in review with the longest-waiting
 * moderators, never a moderator with their own work. Rows others hold are skipped.
 */
export async function claimReviewMatches(tx: Transaction) {
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.condition, IN_REVIEW), isNull(orders.reviewerId)))
    .orderBy(asc(orders.queuedAt), asc(orders.id))
    .limit(REVIEW_WINDOW)
    .for('update', { skipLocked: true });
  if (waiting.length === 0) return [];
  const waiters = await tx
    .select({ userId: dispatchWaiters.userId })
    .from(dispatchWaiters)
    .where(eq(dispatchWaiters.queue, DispatchQueue.review))
    .orderBy(asc(dispatchWaiters.since), asc(dispatchWaiters.userId))
    .limit(REVIEW_WINDOW * 4)
    .for('update', { skipLocked: true });
  if (waiters.length === 0) return [];
  const free = [...waiters];
  const pairs: Array<{ orderId: string; attemptId: string; moderatorId: string }> = [];
  for (const order of waiting) {
    const attempt = await findPendingAttempt(tx, order.id);
    if (!attempt) continue;
    const index = free.findIndex((waiter) => waiter.userId !== attempt.executorId);
    if (index < 0) continue;
    const [waiter] = free.splice(index, 1);
    pairs.push({ orderId: order.id, attemptId: attempt.id, moderatorId: waiter!.userId });
  }
  return pairs;
}

export async function startReview(
  tx: Transaction,
  pair: { orderId: string; attemptId: string; moderatorId: string },
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ reviewerId: pair.moderatorId, reviewHoldUntil: null })
    .where(eq(orders.id, pair.orderId));
  await tx
    .update(orderProcessing)
    .set({ reviewerId: pair.moderatorId, reviewDateStart: now })
    .where(eq(orderProcessing.id, pair.attemptId));
  await tx
    .delete(dispatchWaiters)
    .where(
      and(eq(dispatchWaiters.userId, pair.moderatorId), eq(dispatchWaiters.queue, DispatchQueue.review)),
    );
}

/** Locks the order a moderator reviews and its pending attempt. */
export async function lockHeldReview(tx: Transaction, moderatorId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.reviewerId, moderatorId)).for('update');
  if (!order) return undefined;
  const attempt = await findPendingAttempt(tx, order.id);
  return attempt ? { order, attempt } : undefined;
}

/** Puts a review back in the queue (it keeps its turn): nobody reviews it any more. */
export async function releaseReview(tx: Executor, orderId: string): Promise<void> {
  await tx.update(orders).set({ reviewerId: null, reviewHoldUntil: null }).where(eq(orders.id, orderId));
  await tx
    .update(orderProcessing)
    .set({ reviewerId: null, reviewDateStart: null })
    .where(and(eq(orderProcessing.orderId, orderId), isNull(orderProcessing.reviewStatus)));
}

/** Reviews whose moderator has been away past the grace period. */
export async function claimLapsedHolds(tx: Transaction, now: Date) {
  return tx
    .select({ id: orders.id, reviewerId: orders.reviewerId })
    .from(orders)
    .where(and(isNotNull(orders.reviewerId), lte(orders.reviewHoldUntil, now)))
    .limit(100)
    .for('update', { skipLocked: true });
}
