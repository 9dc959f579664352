import type { StaffOrder } from '@retouch/shared/dispatch';
import { REVIEW_RELEASE_GRACE_SECONDS, ReviewText, reviewRejectionSchema } from '@retouch/shared/review';
import { DispatchQueue } from '../../db/values';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import type { OrderFlowDeps } from '../order-flow/order-transition';
import {
  agreeRefusal,
  approveResult as approve,
  disagreeRefusal,
  returnForFix,
} from '../order-flow/review-commands';
import { cancelReviewHold, holdReviewUntil } from '../order-flow/order-flow.repository';
import { presentStaffOrders } from '../orders/order-staff-view';
import { removeWaiters } from '../work-queue/work-queue.repository';
import type { WorkQueue } from '../work-queue/work-queue.service';

/** The moderators' calls run the lifecycle's commands with these. */
export type ReviewDeps = OrderFlowDeps;

/** `review find` true: the moderator joins the review queue, or gets back the order they review. */
export async function startReviewSearch(
  deps: ReviewDeps,
  moderators: WorkQueue,
  moderatorId: string,
  /** When the moderator first asked: a search made again keeps its place. */
  since?: Date,
): Promise<StaffOrder | undefined> {
  const held = await heldReviewOf(deps, moderatorId);
  if (held) return held;
  await moderators.join(moderatorId, since);
  return undefined;
}

/** `review find` false (Stop reviewing): out of the queue, and a review in hand goes back to it. */
export async function stopReviewSearch(moderators: WorkQueue, moderatorId: string): Promise<void> {
  await moderators.release(moderatorId);
}

/** The review a moderator holds, as they see it; a reconnect also cancels the pending release. */
export async function heldReviewOf(deps: ReviewDeps, moderatorId: string) {
  const rows = await cancelReviewHold(deps.db, moderatorId);
  const [order] = await presentStaffOrders(deps.db, rows);
  return order;
}

/** The moderator's last socket closed: their review waits the grace period, then returns to the queue. */
export async function holdReviewWhileAway(deps: ReviewDeps, moderatorId: string): Promise<void> {
  await removeWaiters(deps.db, moderatorId, [DispatchQueue.review]);
  await holdReviewUntil(
    deps.db,
    moderatorId,
    new Date(deps.now().getTime() + REVIEW_RELEASE_GRACE_SECONDS * 1000),
  );
}

/** Approve (`…/review/completed/resolve`): the designer's result is delivered (6, or 10 when tipped). */
export async function approveResult(deps: ReviewDeps, moderatorId: string): Promise<{ message: string }> {
  await approve(deps, moderatorId);
  return { message: ReviewText.approved };
}

/**
 * Fix (`…/review/completed/rejection`): the marked-up picture and comment go back with the order, to
 * the same designer when on duty and free (4), else to the queue (7) for whoever takes it.
 */
export async function sendBackResult(
  deps: ReviewDeps,
  moderatorId: string,
  image: Buffer | undefined,
  data: unknown,
): Promise<{ message: string }> {
  const { message } = parseInput(reviewRejectionSchema, data);
  if (!image) throw AppError.badRequest(ReviewText.imageMissing);
  await returnForFix(deps, moderatorId, image, message);
  return { message: ReviewText.sentBack };
}

/**
 * Agree with a refusal (`…/review/refuse/resolve`): refused (8) and refunded, or a revision back to 6/10
 * with nothing refunded; the answer says which.
 */
export async function acceptRefusal(deps: ReviewDeps, moderatorId: string): Promise<{ message: string }> {
  const { revision } = await agreeRefusal(deps, moderatorId);
  return { message: revision ? ReviewText.revisionRefusalAccepted : ReviewText.refusalAccepted };
}

/** Disagree with a refusal (`…/review/refuse/rejection`): the order waits for another designer (7). */
export async function rejectRefusal(deps: ReviewDeps, moderatorId: string): Promise<{ message: string }> {
  await disagreeRefusal(deps, moderatorId);
  return { message: ReviewText.refusalRejected };
}
