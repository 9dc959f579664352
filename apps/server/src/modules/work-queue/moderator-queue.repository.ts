import { and, asc, count, eq, inArray, isNotNull, isNull, lte, not } from 'drizzle-orm';
import { ConditionGroup } from '@retouch/shared/order-flow';
import type { Executor, Transaction } from '../../db/client';
import { orders } from '../../db/schema/index';
import { seenWithin } from './presence.repository';

const IN_REVIEW = [...ConditionGroup.inReview];
const waitingForReview = and(inArray(orders.condition, IN_REVIEW), isNull(orders.reviewerId));

/** How many orders wait for a moderator. */
export async function countWaitingForReview(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(orders).where(waitingForReview);
  return row?.value ?? 0;
}

/** Orders in review that nobody reviews, oldest first, locked; ones others hold are skipped. */
export function claimWaitingReviews(tx: Transaction, limit: number) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(waitingForReview)
    .orderBy(asc(orders.queuedAt), asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Reviews whose hold ended by `now`, locked; ones others hold are skipped. */
export function claimLapsedReviews(tx: Transaction, now: Date, limit: number) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.reviewerId), lte(orders.reviewHoldUntil, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Reviews whose moderator was not seen within the grace period, locked; ones others hold are skipped. */
export function claimAbsentReviews(tx: Transaction, graceSeconds: number, limit: number) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.reviewerId), not(seenWithin(orders.reviewerId, graceSeconds))))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The order the moderator reviews, locked. */
export async function lockReviewedOrder(tx: Transaction, moderatorId: string) {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.reviewerId, moderatorId))
    .for('update');
  return order;
}
