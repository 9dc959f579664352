import { and, asc, count, eq, inArray, isNotNull, isNull, lte, not, or } from 'drizzle-orm';
import { ConditionGroup } from '@retouch/shared/order-flow';
import type { Executor, Transaction } from '../../db/client';
import { orderProcessing, orders } from '../../db/schema/index';
import type { OrderRow } from '../order-flow/order-flow.repository';
import { seenWithin } from './presence.repository';

const WAITING = [...ConditionGroup.waitingForDesigner];
const HELD = [...ConditionGroup.heldByDesigner];

/** How many orders wait for a designer. */
export async function countWaitingForDesigner(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(orders).where(inArray(orders.condition, WAITING));
  return row?.value ?? 0;
}

/** Running attempts past their hard deadline, or whose extension offer lapsed unanswered. */
export async function claimExpiredAttempts(tx: Transaction, now: Date, limit: number) {
  return tx
    .select()
    .from(orderProcessing)
    .where(
      and(
        isNull(orderProcessing.dateEnd),
        isNotNull(orderProcessing.deadlineAt),
        or(
          lte(orderProcessing.deadlineAt, now),
          and(eq(orderProcessing.timeExtension, false), lte(orderProcessing.offerExpiresAt, now)),
        ),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Orders waiting for a designer, oldest first, whole rows, locked; ones others hold are skipped. */
export function claimWaitingOrders(tx: Transaction, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.condition, WAITING))
    .orderBy(asc(orders.queuedAt), asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Earlier attempts of these orders by these designers that ended in one of `outcomes`. */
export function findEndedAttempts(
  tx: Transaction,
  orderIds: string[],
  designerIds: readonly string[],
  outcomes: number[],
) {
  return tx
    .select({ orderId: orderProcessing.orderId, executorId: orderProcessing.executorId })
    .from(orderProcessing)
    .where(
      and(
        inArray(orderProcessing.orderId, orderIds),
        inArray(orderProcessing.executorId, designerIds),
        inArray(orderProcessing.resultStatus, outcomes),
      ),
    );
}

/** Designers holding an order who were not seen within the grace period, their orders locked. */
export function claimAbsentDesigners(tx: Transaction, graceSeconds: number, limit: number) {
  return tx
    .select({ designerId: orders.executorId })
    .from(orders)
    .where(
      and(
        inArray(orders.condition, HELD),
        isNotNull(orders.executorId),
        not(seenWithin(orders.executorId, graceSeconds)),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Running attempts whose deadline is before `before` and that were not offered the extension, locked. */
export function claimExtensionsDue(tx: Transaction, before: Date, limit: number) {
  return tx
    .select({ id: orderProcessing.id, executorId: orderProcessing.executorId })
    .from(orderProcessing)
    .where(
      and(
        isNull(orderProcessing.dateEnd),
        isNotNull(orderProcessing.deadlineAt),
        eq(orderProcessing.extensionOffered, false),
        lte(orderProcessing.deadlineAt, before),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markExtensionOffered(tx: Transaction, attemptId: string, offerExpiresAt: Date) {
  await tx
    .update(orderProcessing)
    .set({ extensionOffered: true, offerExpiresAt })
    .where(eq(orderProcessing.id, attemptId));
}
