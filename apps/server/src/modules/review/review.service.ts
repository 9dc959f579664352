import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { ReviewResult, type StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import { REVIEW_RELEASE_GRACE_SECONDS, ReviewText, reviewRejectionSchema } from '@retouch/shared/review';
import type { Database, Transaction } from '../../db/client';
import { DispatchQueue, LedgerReason, orderProcessing, orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { prepareImage } from '../../lib/images';
import { parseInput } from '../../lib/validation';
import { commitWithFiles } from '../../storage/commit-with-files';
import { publicFilePath, type Storage } from '../../storage/storage';
import {
  isAttemptPicture,
  isDesignerFree,
  removeWaiters,
  startAttempt,
} from '../dispatch/dispatch.repository';
import type { DispatchEvents } from '../dispatch/dispatch.service';
import { applyLedgerEntry } from '../ledger/ledger.service';
import { presentStaffOrders } from '../orders/order-staff-view';
import {
  addReviewWaiter,
  claimLapsedHolds,
  claimReviewMatches,
  countWaitingForReview,
  lockHeldReview,
  releaseReview,
  startReview,
} from './review.repository';

export interface ReviewEvents extends DispatchEvents {
  orderForReview(moderatorId: string, order: StaffOrder): void;
  /** `review rate` to staff. */
  reviewQueueSize(size: number): void;
  /** The customer's balance changed (a refund). */
  balanceChanged(customerId: string): void;
}

export interface ReviewDeps {
  db: Database;
  storage: Storage;
  now: () => Date;
  events: ReviewEvents;
  /** Matching of designers, run when an order goes back to their queue. */
  matchOrders: () => Promise<number>;
}

/** `review find` true: the moderator joins the review queue, or gets back the order they review. */
export async function startReviewSearch(
  deps: ReviewDeps,
  moderatorId: string,
): Promise<StaffOrder | undefined> {
  const held = await heldReviewOf(deps, moderatorId);
  if (held) return held;
  await addReviewWaiter(deps.db, moderatorId, deps.now());
  await matchReviews(deps);
  return undefined;
}

/** `review find` false (Stop reviewing): out of the queue, and a review in hand goes back to it. */
export async function stopReviewSearch(deps: ReviewDeps, moderatorId: string): Promise<void> {
  const released = await deps.db.transaction(async (tx) => {
    await removeWaiters(tx, moderatorId, [DispatchQueue.review]);
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.reviewerId, moderatorId));
    if (order) await releaseReview(tx, order.id);
    return order !== undefined;
  });
  if (released) await matchReviews(deps);
}

/** The review a moderator holds, as they see it; a reconnect also cancels the pending release. */
export async function heldReviewOf(deps: ReviewDeps, moderatorId: string) {
  const rows = await deps.db
    .update(orders)
    .set({ reviewHoldUntil: null })
    .where(eq(orders.reviewerId, moderatorId))
    .returning();
  const [order] = await presentStaffOrders(deps.db, rows);
  return order;
}

/** The moderator's last socket closed: their review waits the grace period, then returns to the queue. */
export async function holdReviewWhileAway(deps: ReviewDeps, moderatorId: string): Promise<void> {
  await removeWaiters(deps.db, moderatorId, [DispatchQueue.review]);
  await deps.db
    .update(orders)
    .set({ reviewHoldUntil: new Date(deps.now().getTime() + REVIEW_RELEASE_GRACE_SECONDS * 1000) })
    .where(eq(orders.reviewerId, moderatorId));
}

/** Releases reviews whose moderator stayed away past the grace period, then matches. */
export async function sweepReviewHolds(deps: ReviewDeps): Promise<void> {
  await deps.db.transaction(async (tx) => {
    for (const order of await claimLapsedHolds(tx, deps.now())) await releaseReview(tx, order.id);
  });
  await matchReviews(deps);
}

const reviewRuns = new WeakMap<Database, Promise<number>>();

/** Hands orders in review to searching moderators, a batch a transaction; one run a process at a time. */
export async function matchReviews(deps: ReviewDeps): Promise<number> {
  const running = reviewRuns.get(deps.db);
  if (running) await running.catch(() => undefined);
  const run = (async () => {
    let matched = 0;
    for (;;) {
      const now = deps.now();
      const pairs = await deps.db.transaction(async (tx) => {
        const claimed = await claimReviewMatches(tx);
        for (const pair of claimed) await startReview(tx, pair, now);
        return claimed;
      });
      if (pairs.length === 0) break;
      matched += pairs.length;
      const rows = await deps.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            pairs.map((pair) => pair.orderId),
          ),
        );
      const presented = await presentStaffOrders(deps.db, rows);
      for (const pair of pairs) {
        const order = presented.find((candidate) => candidate._id === pair.orderId);
        if (order) deps.events.orderForReview(pair.moderatorId, order);
      }
    }
    deps.events.reviewQueueSize(await countWaitingForReview(deps.db));
    return matched;
  })();
  reviewRuns.set(deps.db, run);
  try {
    return await run;
  } finally {
    if (reviewRuns.get(deps.db) === run) reviewRuns.delete(deps.db);
  }
}

async function lockReviewOf(tx: Transaction, moderatorId: string, condition: number) {
  const held = await lockHeldReview(tx, moderatorId);
  if (!held) throw AppError.conflict(ReviewText.noOrderInReview);
  if (held.order.condition !== condition) throw AppError.conflict(ReviewText.wrongKind);
  return held;
}

/**
 * Approve (`…/review/completed/resolve`): the designer's result becomes the final picture, the order
 * is delivered (6) and the attempt earns the designer's pay.
 */
export async function approveResult(deps: ReviewDeps, moderatorId: string): Promise<{ message: string }> {
  const order = await deps.db.transaction(async (tx) => {
    const { order, attempt } = await lockReviewOf(tx, moderatorId, OrderCondition.resultReview);
    const now = deps.now();
    await tx
      .update(orderProcessing)
      .set({ reviewStatus: ReviewResult.approved, reviewDateEnd: now, executorPay: order.costForExecutor })
      .where(eq(orderProcessing.id, attempt.id));
    await tx
      .update(orders)
      .set({
        condition: OrderCondition.done,
        finalPicture: attempt.resultPicture,
        reviewerId: null,
        tipExecutorId: attempt.executorId,
      })
      .where(eq(orders.id, order.id));
    return order;
  });
  deps.events.orderChanged(order.userId, order.id, OrderCondition.done);
  deps.events.reviewQueueSize(await countWaitingForReview(deps.db));
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
  const prepared = await prepareImage(image, { maxSide: 8000, format: 'png' });
  const [held] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.reviewerId, moderatorId));
  if (!held) throw AppError.conflict(ReviewText.noOrderInReview);
  // In the order's folder, so the order's access rule covers it (docs/decisions/0017).
  const key = `orders/${held.id}/review-${randomUUID()}.${prepared.extension}`;
  await deps.storage.put(key, prepared.data, prepared.contentType);
  const committed = await commitWithFiles(
    deps,
    [key],
    async (tx) => {
      const { order, attempt } = await lockReviewOf(tx, moderatorId, OrderCondition.resultReview);
      if (order.id !== held.id) throw AppError.conflict(ReviewText.noOrderInReview);
      const now = deps.now();
      await tx
        .update(orderProcessing)
        .set({
          reviewStatus: ReviewResult.fixed,
          reviewDateEnd: now,
          reviewPicture: publicFilePath(key),
          reviewMessage: message,
        })
        .where(eq(orderProcessing.id, attempt.id));
      await tx.update(orders).set({ reviewerId: null }).where(eq(orders.id, order.id));
      return returnToDesigner(tx, order, attempt.executorId, OrderCondition.fixing, now);
    },
    () => isAttemptPicture(deps.db, 'reviewPicture', publicFilePath(key)),
  );
  // A fix recorded though its COMMIT answer was lost keeps its picture: the designer is shown it.
  if (!committed.answered) throw committed.error;
  await announceReturn(deps, committed.value);
  return { message: ReviewText.sentBack };
}

/** Agree with a refusal (`…/review/refuse/resolve`): refused (8), and the customer gets back what was paid. */
export async function acceptRefusal(deps: ReviewDeps, moderatorId: string): Promise<{ message: string }> {
  const order = await deps.db.transaction(async (tx) => {
    const { order, attempt } = await lockReviewOf(tx, moderatorId, OrderCondition.refusalReview);
    await tx
      .update(orderProcessing)
      .set({ reviewStatus: ReviewResult.approved, reviewDateEnd: deps.now() })
      .where(eq(orderProcessing.id, attempt.id));
    await tx
      .update(orders)
      .set({ condition: OrderCondition.refused, refuseReasonId: attempt.resultReasonId, reviewerId: null })
      .where(eq(orders.id, order.id));
    await applyLedgerEntry(tx, {
      userId: order.userId,
      deltaMain: order.chargedMain,
      deltaBonus: order.chargedBonus,
      reason: LedgerReason.orderRefund,
      orderId: order.id,
      idempotencyKey: `order-refund:${order.id}`,
    });
    return order;
  });
  deps.events.orderChanged(order.userId, order.id, OrderCondition.refused);
  deps.events.balanceChanged(order.userId);
  deps.events.reviewQueueSize(await countWaitingForReview(deps.db));
  return { message: ReviewText.refusalAccepted };
}

/** Disagree with a refusal (`…/review/refuse/rejection`): the order waits for another designer (7). */
export async function rejectRefusal(deps: ReviewDeps, moderatorId: string): Promise<{ message: string }> {
  const order = await deps.db.transaction(async (tx) => {
    const { order, attempt } = await lockReviewOf(tx, moderatorId, OrderCondition.refusalReview);
    const now = deps.now();
    await tx
      .update(orderProcessing)
      .set({ reviewStatus: ReviewResult.fixed, reviewDateEnd: now })
      .where(eq(orderProcessing.id, attempt.id));
    await tx
      .update(orders)
      .set({ condition: OrderCondition.requeued, reviewerId: null, dateStart: null, queuedAt: now })
      .where(eq(orders.id, order.id));
    return order;
  });
  deps.events.orderChanged(order.userId, order.id, OrderCondition.requeued);
  deps.events.reviewQueueSize(await countWaitingForReview(deps.db));
  await deps.matchOrders();
  return { message: ReviewText.refusalRejected };
}

export interface ReturnOutcome {
  orderId: string;
  customerId: string;
  condition: number;
  designerId: string | null;
}

/**
 * Gives an order back to a designer who worked on it (a fix, a revision) when they are on shift and
 * free, in `condition`; otherwise it waits in the designers' queue (7).
 */
export async function returnToDesigner(
  tx: Transaction,
  order: { id: string; userId: string; executionTime: number },
  designerId: string | null,
  condition: number,
  now: Date,
): Promise<ReturnOutcome> {
  if (designerId && (await isDesignerFree(tx, designerId))) {
    await startAttempt(tx, order, designerId, condition, now);
    return { orderId: order.id, customerId: order.userId, condition, designerId };
  }
  await tx
    .update(orders)
    .set({ condition: OrderCondition.requeued, executorId: null, dateStart: null, queuedAt: now })
    .where(eq(orders.id, order.id));
  return {
    orderId: order.id,
    customerId: order.userId,
    condition: OrderCondition.requeued,
    designerId: null,
  };
}

/** Tells the customer, and the designer who got the order back (or matches it to another). */
export async function announceReturn(deps: ReviewDeps, outcome: ReturnOutcome) {
  deps.events.orderChanged(outcome.customerId, outcome.orderId, outcome.condition);
  deps.events.reviewQueueSize(await countWaitingForReview(deps.db));
  if (outcome.designerId) {
    const [order] = await presentStaffOrders(
      deps.db,
      await deps.db.select().from(orders).where(eq(orders.id, outcome.orderId)),
    );
    if (order) deps.events.orderForExecutor(outcome.designerId, order);
  } else {
    await deps.matchOrders();
  }
}
