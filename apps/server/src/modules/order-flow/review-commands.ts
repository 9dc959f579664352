import { ReviewResult } from '@retouch/shared/dispatch';
import {
  OrderAction,
  OrderActor,
  type OrderActionValue,
  type OrderActorValue,
} from '@retouch/shared/order-flow';
import { OrderCondition } from '@retouch/shared/orders';
import { ReviewText } from '@retouch/shared/review';
import { AppError } from '../../lib/app-error';
import { prepareImage } from '../../lib/images';
import { refundOrder } from './order-money';
import {
  assignReview,
  insertAttempt,
  isAttemptPicture,
  lockHeldReview,
  unassignReview,
  updateAttempt,
  type AttemptChanges,
  type AttemptRow,
  type OrderRow,
} from './order-flow.repository';
import {
  factsOf,
  moveOrder,
  runCommand,
  runCommandWithFiles,
  storeHeldOrderPicture,
  type OrderFlowDeps,
  type Step,
} from './order-transition';

/** The moderator's review, locked; refused unless it is of the expected kind (a result 2, a refusal 3). */
async function reviewOf(step: Step, moderatorId: string, condition: number) {
  const held = await lockHeldReview(step.tx, moderatorId);
  if (!held) throw AppError.conflict(ReviewText.noOrderInReview);
  if (held.order.condition !== condition) throw AppError.conflict(ReviewText.wrongKind);
  return held;
}

async function endReview(step: Step, attempt: AttemptRow, set: AttemptChanges) {
  await updateAttempt(step.tx, attempt.id, { reviewDateEnd: step.now, ...set });
}

/** The moderator takes an order waiting for review (no condition change: it stays 2 or 3). */
export async function takeReview(step: Step, orderId: string, attemptId: string, moderatorId: string) {
  await assignReview(step.tx, orderId, attemptId, moderatorId, step.now);
  step.events.push({ kind: 'assigned', queue: 'review', orderId, staffId: moderatorId });
  step.events.push({ kind: 'queueChanged', queue: 'review', entered: false });
}

/** Puts a review back in the queue (it keeps its turn): nobody reviews it any more. */
export async function releaseReview(step: Step, orderId: string): Promise<void> {
  await unassignReview(step.tx, orderId);
  step.events.push({ kind: 'queueChanged', queue: 'review', entered: true });
}

/**
 * Approve (2 -> 6, or 10 when tipped): the designer's result becomes the final picture. The designer's
 * pay is recorded once per order, at its first approval; an approved revision records 0 (decision 22).
 */
export function approveResult(deps: OrderFlowDeps, moderatorId: string): Promise<void> {
  return runCommand(deps, (step) => approveStep(step, moderatorId));
}

/** Approve inside the caller's transaction. */
export async function approveStep(step: Step, moderatorId: string): Promise<void> {
  const { order, attempt } = await reviewOf(step, moderatorId, OrderCondition.resultReview);
  const facts = await factsOf(step.tx, order);
  await moveOrder(step, order, {
    action: OrderAction.approve,
    actor: OrderActor.moderator,
    facts,
    refused: ReviewText.wrongKind,
    set: {
      finalPicture: attempt.resultPicture,
      reviewerId: null,
      // A tip already left stays with the designer it credited.
      ...(facts.tipped ? {} : { tipExecutorId: attempt.executorId }),
    },
  });
  await endReview(step, attempt, {
    reviewStatus: ReviewResult.approved,
    // Paid at the first approval, when the order got its final picture; a revision pays 0.
    executorPay: facts.delivered ? 0 : order.costForExecutor,
  });
  if (!facts.delivered && attempt.executorId) {
    step.events.push({ kind: 'earningsChanged', designerId: attempt.executorId });
  }
}

/**
 * Return for fix (2 -> 4 or 7): the marked-up picture and comment go back with the order, to the same
 * designer when on duty and free, else to the queue. The picture is stored first (commitWithFiles).
 */
export async function returnForFix(
  deps: OrderFlowDeps,
  moderatorId: string,
  image: Buffer,
  message: string,
): Promise<void> {
  const prepared = await prepareImage(image, { maxSide: 8000, format: 'png' });
  const stored = await storeHeldOrderPicture(
    deps,
    { column: 'reviewerId', staffId: moderatorId, noOrder: ReviewText.noOrderInReview },
    'review',
    prepared,
  );
  const committed = await runCommandWithFiles(
    deps,
    [stored.key],
    async (step) => {
      const { order, attempt } = await reviewOf(step, moderatorId, OrderCondition.resultReview);
      if (order.id !== stored.orderId) throw AppError.conflict(ReviewText.noOrderInReview);
      await endReview(step, attempt, {
        reviewStatus: ReviewResult.fixed,
        reviewPicture: stored.path,
        reviewMessage: message,
      });
      await returnToDesigner(step, order, attempt.executorId, {
        action: OrderAction.returnForFix,
        actor: OrderActor.moderator,
        refused: ReviewText.wrongKind,
      });
    },
    () => isAttemptPicture(deps.db, 'reviewPicture', stored.path),
  );
  // A fix recorded though its COMMIT answer was lost keeps its picture: the designer is shown it.
  if (!committed.answered) throw committed.error;
}

/**
 * Agree with a refusal (3 -> 8, or 6/10): an order never delivered is refused and refunded; a refused
 * revision goes back to delivered with its final picture and no refund (decision 22). Answers which.
 */
export async function agreeRefusal(deps: OrderFlowDeps, moderatorId: string): Promise<{ revision: boolean }> {
  return runCommand(deps, async (step) => {
    const { order, attempt } = await reviewOf(step, moderatorId, OrderCondition.refusalReview);
    const facts = await factsOf(step.tx, order);
    const refusing = !facts.delivered;
    await moveOrder(step, order, {
      action: OrderAction.agreeRefusal,
      actor: OrderActor.moderator,
      facts,
      refused: ReviewText.wrongKind,
      set: { reviewerId: null, ...(refusing ? { refuseReasonId: attempt.resultReasonId } : {}) },
    });
    await endReview(step, attempt, { reviewStatus: ReviewResult.approved });
    if (refusing && (await refundOrder(step.tx, order, moderatorId))) {
      step.events.push({ kind: 'balanceChanged', userId: order.userId });
    }
    return { revision: !refusing };
  });
}

/** Disagree with a refusal (3 -> 7): the order waits for another designer. */
export async function disagreeRefusal(deps: OrderFlowDeps, moderatorId: string): Promise<void> {
  await runCommand(deps, async (step) => {
    const { order, attempt } = await reviewOf(step, moderatorId, OrderCondition.refusalReview);
    await moveOrder(step, order, {
      action: OrderAction.disagreeRefusal,
      actor: OrderActor.moderator,
      facts: await factsOf(step.tx, order),
      refused: ReviewText.wrongKind,
      set: { reviewerId: null, dateStart: null, queuedAt: step.now },
    });
    await endReview(step, attempt, { reviewStatus: ReviewResult.fixed });
  });
}

/**
 * Gives an order back to a designer who worked on it (a fix, a revision) when they are on shift and
 * free; otherwise it waits in the designers' queue (7). Which one is the table's `designerFree` fact.
 */
export async function returnToDesigner(
  step: Step,
  order: OrderRow,
  designerId: string | null,
  move: { action: OrderActionValue; actor: OrderActorValue; refused: string },
): Promise<void> {
  const facts = await factsOf(step.tx, order, designerId);
  const backToDesigner = facts.designerFree && designerId !== null;
  await moveOrder(step, order, {
    ...move,
    facts,
    set: backToDesigner
      ? { executorId: designerId, dateStart: step.now, reviewerId: null }
      : { executorId: null, dateStart: null, queuedAt: step.now, reviewerId: null },
  });
  if (backToDesigner) {
    await insertAttempt(step.tx, order, designerId, step.now);
    step.events.push({ kind: 'assigned', queue: 'executor', orderId: order.id, staffId: designerId });
  }
}
