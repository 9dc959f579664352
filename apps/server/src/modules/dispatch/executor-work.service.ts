import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { DispatchText, ExecutorResult, refuseBodySchema } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import type { Transaction } from '../../db/client';
import { orderProcessing, orders, refusalReasons } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { prepareImage } from '../../lib/images';
import { parseInput } from '../../lib/validation';
import { commitWithFiles } from '../../storage/commit-with-files';
import { publicFilePath, type Storage } from '../../storage/storage';
import { countWaitingForDesigner, isAttemptPicture, lockHeldAttempt } from './dispatch.repository';
import type { DispatchDeps } from './dispatch.service';

export interface ExecutorWorkDeps extends DispatchDeps {
  storage: Storage;
}

/** Longest side kept of a designer's result. */
const RESULT_MAX_SIDE = 8000;

async function lockOrFail(tx: Transaction, designerId: string) {
  const held = await lockHeldAttempt(tx, designerId);
  if (!held) throw AppError.conflict(DispatchText.noOrderInWork);
  return held;
}

/**
 * `POST /api/admin/orders/executor/completed`: the designer's result goes to review (condition 2).
 * The picture is checked and stored first and removed again if the attempt ended meanwhile.
 */
export async function completeOrder(
  deps: ExecutorWorkDeps,
  designerId: string,
  image: Buffer | undefined,
): Promise<{ message: string }> {
  if (!image) throw AppError.badRequest(DispatchText.imageMissing);
  const prepared = await prepareImage(image, { maxSide: RESULT_MAX_SIDE, format: 'jpeg' });
  const held = await findStaffHeld(deps, designerId);
  const key = `orders/${held.orderId}/result-${randomUUID()}.${prepared.extension}`;
  await deps.storage.put(key, prepared.data, prepared.contentType);
  const committed = await commitWithFiles(
    deps,
    [key],
    async (tx) => {
      const { attempt, order } = await lockOrFail(tx, designerId);
      const now = deps.now();
      await tx
        .update(orderProcessing)
        .set({
          dateEnd: now,
          resultStatus: ExecutorResult.completed,
          resultPicture: publicFilePath(key),
          offerExpiresAt: null,
        })
        .where(eq(orderProcessing.id, attempt.id));
      await tx
        .update(orders)
        .set({ condition: OrderCondition.resultReview, executorId: null, queuedAt: now })
        .where(eq(orders.id, order.id));
      return order.userId;
    },
    () => isAttemptPicture(deps.db, 'resultPicture', publicFilePath(key)),
  );
  // A result recorded though its COMMIT answer was lost: the designer's retry then meets 409.
  if (!committed.answered) throw committed.error;
  afterHandOver(deps, committed.value, held.orderId, OrderCondition.resultReview);
  return { message: DispatchText.orderSent };
}

/** `POST /api/admin/orders/executor/refuse` {_id}: the refusal with its reason goes to review (condition 3). */
export async function refuseOrder(
  deps: DispatchDeps,
  designerId: string,
  body: unknown,
): Promise<{ message: string }> {
  const { _id: reasonId } = parseInput(refuseBodySchema, body);
  const [reason] = await deps.db
    .select({ id: refusalReasons.id })
    .from(refusalReasons)
    .where(and(eq(refusalReasons.id, reasonId), isNull(refusalReasons.deletedAt)));
  if (!reason) throw AppError.badRequest(DispatchText.reasonUnknown);
  const { orderId, customerId } = await deps.db.transaction(async (tx) => {
    const { attempt, order } = await lockOrFail(tx, designerId);
    const now = deps.now();
    await tx
      .update(orderProcessing)
      .set({
        dateEnd: now,
        resultStatus: ExecutorResult.refused,
        resultReasonId: reasonId,
        offerExpiresAt: null,
      })
      .where(eq(orderProcessing.id, attempt.id));
    await tx
      .update(orders)
      .set({ condition: OrderCondition.refusalReview, executorId: null, queuedAt: now })
      .where(eq(orders.id, order.id));
    return { orderId: order.id, customerId: order.userId };
  });
  afterHandOver(deps, customerId, orderId, OrderCondition.refusalReview);
  return { message: DispatchText.orderRefused };
}

function afterHandOver(deps: DispatchDeps, customerId: string, orderId: string, condition: number) {
  deps.events.orderChanged(customerId, orderId, condition);
  deps.events.reviewQueueChanged();
  void countWaitingForDesigner(deps.db).then(deps.events.executorQueueChanged, () => undefined);
}

async function findStaffHeld(deps: DispatchDeps, designerId: string) {
  const [row] = await deps.db
    .select({ orderId: orders.id })
    .from(orders)
    .where(eq(orders.executorId, designerId));
  if (!row) throw AppError.conflict(DispatchText.noOrderInWork);
  return row;
}
