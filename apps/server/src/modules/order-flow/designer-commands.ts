import { DispatchText, ExecutorResult, TimeExtensionCode } from '@retouch/shared/dispatch';
import { OrderAction, OrderActor } from '@retouch/shared/order-flow';
import { AppError } from '../../lib/app-error';
import { prepareImage } from '../../lib/images';
import {
  insertAttempts,
  isAttemptPicture,
  lockHeldAttempt,
  lockOrder,
  updateAttempt,
  type AttemptChanges,
  type AttemptRow,
  type OrderRow,
} from './order-flow.repository';
import {
  factsOf,
  moveOrder,
  moveOrders,
  runCommand,
  runCommandWithFiles,
  storeHeldOrderPicture,
  type OrderFlowDeps,
  type Step,
} from './order-transition';

/** Longest side kept of a designer's result. */
const RESULT_MAX_SIDE = 8000;
/** Internal: the queue offered an order that meanwhile stopped waiting (matching skips it). */
const NOT_WAITING = 'The order no longer waits for a designer';

async function heldBy(step: Step, designerId: string) {
  const held = await lockHeldAttempt(step.tx, designerId);
  if (!held) throw AppError.conflict(DispatchText.noOrderInWork);
  return held;
}

/** Ends the designer's running attempt with its outcome. */
async function endAttempt(step: Step, attempt: AttemptRow, set: AttemptChanges) {
  await updateAttempt(step.tx, attempt.id, { dateEnd: step.now, offerExpiresAt: null, ...set });
}

/** Match (0/7 -> 1): the designer holds the waiting order, its countdown starts, they stop searching. */
export async function matchOrder(step: Step, orderId: string, designerId: string): Promise<void> {
  const order = await lockOrder(step.tx, orderId);
  if (!order) throw AppError.conflict(NOT_WAITING);
  await matchOrders(step, [{ order, designerId }]);
}

/**
 * Match for orders the caller read and locked (`FOR UPDATE`), each with its designer: their transitions
 * in one statement, then their attempts start together.
 */
export async function matchOrders(
  step: Step,
  pairs: ReadonlyArray<{ order: OrderRow; designerId: string }>,
): Promise<void> {
  const moves = await Promise.all(
    pairs.map(async ({ order, designerId }) => ({
      order,
      move: {
        action: OrderAction.match,
        actor: OrderActor.system,
        facts: await factsOf(step.tx, order),
        refused: NOT_WAITING,
        set: { executorId: designerId, dateStart: step.now },
      },
    })),
  );
  await moveOrders(step, moves);
  await insertAttempts(step.tx, pairs, step.now);
  for (const { order, designerId } of pairs) {
    step.events.push({ kind: 'assigned', queue: 'executor', orderId: order.id, staffId: designerId });
  }
}

/**
 * Deliver (1/4/5 -> 2): the designer's result goes to review. The picture is stored first under the
 * order the designer held then; the transaction writes it only if that same order is still theirs
 * (an expiry and a new match in between refuse the call, and the picture is removed).
 */
export async function deliverResult(
  deps: OrderFlowDeps,
  designerId: string,
  image: Buffer | undefined,
): Promise<void> {
  if (!image) throw AppError.badRequest(DispatchText.imageMissing);
  const prepared = await prepareImage(image, { maxSide: RESULT_MAX_SIDE, format: 'jpeg' });
  const stored = await storeHeldOrderPicture(
    deps,
    { column: 'executorId', staffId: designerId, noOrder: DispatchText.noOrderInWork },
    'result',
    prepared,
  );
  const committed = await runCommandWithFiles(
    deps,
    [stored.key],
    (step) => deliverStep(step, designerId, stored.orderId, stored.path),
    () => isAttemptPicture(deps.db, 'resultPicture', stored.path),
  );
  // A result recorded though its COMMIT answer was lost: the designer's retry then meets 409.
  if (!committed.answered) throw committed.error;
}

/** Deliver inside the caller's transaction: refused unless the designer still holds this very order. */
export async function deliverStep(step: Step, designerId: string, orderId: string, picturePath: string) {
  const { attempt, order } = await heldBy(step, designerId);
  if (order.id !== orderId) throw AppError.conflict(DispatchText.noOrderInWork);
  await moveOrder(step, order, {
    action: OrderAction.deliver,
    actor: OrderActor.designer,
    facts: await factsOf(step.tx, order),
    refused: DispatchText.noOrderInWork,
    set: { executorId: null, queuedAt: step.now },
  });
  await endAttempt(step, attempt, { resultStatus: ExecutorResult.completed, resultPicture: picturePath });
}

/** Refuse (1/4/5 -> 3): the designer's refusal with its reason waits for review. */
export async function refuseOrder(deps: OrderFlowDeps, designerId: string, reasonId: string): Promise<void> {
  await runCommand(deps, async (step) => {
    const { attempt, order } = await heldBy(step, designerId);
    await moveOrder(step, order, {
      action: OrderAction.refuse,
      actor: OrderActor.designer,
      facts: await factsOf(step.tx, order),
      refused: DispatchText.noOrderInWork,
      set: { executorId: null, queuedAt: step.now },
    });
    await endAttempt(step, attempt, { resultStatus: ExecutorResult.refused, resultReasonId: reasonId });
  });
}

/**
 * Expire (1/4/5 -> 7): the attempt's deadline or extension offer passed; the order waits for another
 * designer, never this one again. Skips an attempt whose order is no longer this designer's.
 */
export async function expireAttempt(step: Step, attempt: AttemptRow): Promise<boolean> {
  const held = attempt.executorId ? await lockHeldAttempt(step.tx, attempt.executorId) : undefined;
  if (!held || held.attempt.id !== attempt.id) return false;
  await moveOrder(step, held.order, {
    action: OrderAction.expire,
    actor: OrderActor.system,
    facts: await factsOf(step.tx, held.order),
    refused: DispatchText.noOrderInWork,
    set: { executorId: null, dateStart: null, queuedAt: step.now },
  });
  await endAttempt(step, attempt, { resultStatus: ExecutorResult.overdue });
  step.events.push({
    kind: 'timeExtension',
    designerId: attempt.executorId!,
    payload: { code: TimeExtensionCode.expired, message: DispatchText.timeExpired },
  });
  return true;
}

/**
 * Requeue (1/4/5 -> 7) inside the caller's transaction: the designer can hold the order no longer (away
 * past the grace period, or their account is gone); it waits for another designer, this one included
 * once back. Answers whether they held one.
 */
export async function requeueHeld(step: Step, designerId: string): Promise<boolean> {
  const held = await lockHeldAttempt(step.tx, designerId);
  if (!held) return false;
  await moveOrder(step, held.order, {
    action: OrderAction.requeue,
    actor: OrderActor.system,
    facts: await factsOf(step.tx, held.order),
    refused: DispatchText.noOrderInWork,
    set: { executorId: null, dateStart: null, queuedAt: step.now },
  });
  // The history shows the attempt did not finish (as overdue, for the specification's screens).
  await endAttempt(step, held.attempt, { resultStatus: ExecutorResult.interrupted });
  return true;
}

/** The requeue command: one transaction. */
export function requeueHeldOrder(deps: OrderFlowDeps, designerId: string): Promise<boolean> {
  return runCommand(deps, (step) => requeueHeld(step, designerId));
}
