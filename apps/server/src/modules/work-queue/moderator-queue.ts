import { and, asc, count, eq, inArray, isNotNull, isNull, lte, not } from 'drizzle-orm';
import { ConditionGroup } from '@retouch/shared/order-flow';
import type { Executor } from '../../db/client';
import { DispatchQueue, orders } from '../../db/schema/index';
import { findPendingAttempt } from '../order-flow/order-flow.repository';
import { releaseReview, takeReview } from '../order-flow/review-commands';
import { seenWithin } from './presence.repository';
import type { QueuePolicy } from './work-queue.service';

/** Holds released in one sweeping transaction. */
const SWEEP_BATCH = 100;

const IN_REVIEW = [...ConditionGroup.inReview];
const waitingForReview = and(inArray(orders.condition, IN_REVIEW), isNull(orders.reviewerId));

/** How many orders wait for a moderator. */
export async function countWaitingForReview(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(orders).where(waitingForReview);
  return row?.value ?? 0;
}

interface WaitingReview {
  id: string;
  /** The designer's attempt the review decides on, and its designer. */
  attemptId: string;
  designerId: string | null;
}

/**
 * The moderators' queue: orders 2 and 3 that nobody reviews, oldest first, to the longest-waiting
 * moderator who is not the designer of the attempt. A hold lapses when the moderator stayed away past
 * the grace period: after their last socket closed (review hold), or unseen since their instance died.
 */
export const moderatorQueuePolicy: QueuePolicy<WaitingReview> = {
  queue: DispatchQueue.review,
  async claimWaiting(tx, limit) {
    const rows = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(waitingForReview)
      .orderBy(asc(orders.queuedAt), asc(orders.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const waiting: WaitingReview[] = [];
    for (const row of rows) {
      const attempt = await findPendingAttempt(tx, row.id);
      if (attempt) waiting.push({ id: row.id, attemptId: attempt.id, designerId: attempt.executorId });
    }
    return waiting;
  },
  eligibility: async () => (order, staffId) => order.designerId !== staffId,
  async assign(step, pairs) {
    for (const { order, staffId } of pairs) await takeReview(step, order.id, order.attemptId, staffId);
  },
  async releaseLapsed(step) {
    const lapsed = await step.tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNotNull(orders.reviewerId), lte(orders.reviewHoldUntil, step.now)))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    for (const order of lapsed) await releaseReview(step, order.id);
    return lapsed.length;
  },
  async releaseAbsent(step, graceSeconds) {
    const absent = await step.tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNotNull(orders.reviewerId), not(seenWithin(orders.reviewerId, graceSeconds))))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    for (const order of absent) await releaseReview(step, order.id);
    return absent.length;
  },
  async releaseHeld(step, moderatorId) {
    const [order] = await step.tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.reviewerId, moderatorId))
      .for('update');
    if (order) await releaseReview(step, order.id);
    return order !== undefined;
  },
  countWaiting: (db) => countWaitingForReview(db),
};
