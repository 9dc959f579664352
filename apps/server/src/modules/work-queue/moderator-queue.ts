import { DispatchQueue } from '../../db/values';
import { findPendingAttempt } from '../order-flow/order-flow.repository';
import { releaseReview, takeReview } from '../order-flow/review-commands';
import {
  claimAbsentReviews,
  claimLapsedReviews,
  claimWaitingReviews,
  countWaitingForReview,
  lockReviewedOrder,
} from './moderator-queue.repository';
import type { QueuePolicy } from './work-queue.service';

/** Holds released in one sweeping transaction. */
const SWEEP_BATCH = 100;

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
    const rows = await claimWaitingReviews(tx, limit);
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
    const lapsed = await claimLapsedReviews(step.tx, step.now, SWEEP_BATCH);
    for (const order of lapsed) await releaseReview(step, order.id);
    return lapsed.length;
  },
  async releaseAbsent(step, graceSeconds) {
    const absent = await claimAbsentReviews(step.tx, graceSeconds, SWEEP_BATCH);
    for (const order of absent) await releaseReview(step, order.id);
    return absent.length;
  },
  async releaseHeld(step, moderatorId) {
    const order = await lockReviewedOrder(step.tx, moderatorId);
    if (order) await releaseReview(step, order.id);
    return order !== undefined;
  },
  countWaiting: (db) => countWaitingForReview(db),
};
