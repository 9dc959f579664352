import { and, asc, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { orderProcessing, orders } from '../../db/schema/index';

/** Whose pictures go: orders in these conditions created before a date, or every order of a user. */
export type PictureScope = { createdBefore: Date; conditions: number[] } | { userId: string };

const scopeFilter = (scope: PictureScope) =>
  'userId' in scope
    ? eq(orders.userId, scope.userId)
    : and(lt(orders.createdAt, scope.createdBefore), inArray(orders.condition, scope.conditions));

/** A batch of the scope's orders that still keep their pictures, oldest first, locked; others' skipped. */
export function claimOrdersKeepingPictures(tx: Transaction, scope: PictureScope, batchSize: number) {
  return tx
    .select({
      id: orders.id,
      original: orders.original,
      originalThumb: orders.originalThumb,
      draft: orders.draft,
      additional: orders.additional,
      finalPicture: orders.finalPicture,
    })
    .from(orders)
    .where(and(isNull(orders.picturesExpiredAt), scopeFilter(scope)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
}

/** The pictures of the orders' processing steps (results and review marks). */
export function findStepPictures(tx: Transaction, orderIds: string[]) {
  return tx
    .select({ result: orderProcessing.resultPicture, review: orderProcessing.reviewPicture })
    .from(orderProcessing)
    .where(inArray(orderProcessing.orderId, orderIds));
}

export async function markPicturesExpired(tx: Transaction, orderIds: string[], now: Date): Promise<void> {
  await tx.update(orders).set({ picturesExpiredAt: now }).where(inArray(orders.id, orderIds));
}

/** Whether the user has an order not in one of the finished conditions. */
export async function hasOrderInWork(tx: Transaction, userId: string, finished: number[]): Promise<boolean> {
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.condition, finished)))
    .limit(1);
  return open !== undefined;
}
