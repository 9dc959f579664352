import { and, asc, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { OrderCondition } from '@retouch/shared/orders';
import type { Executor as Db, Transaction } from '../../db/client';
import {
  DispatchQueue,
  dispatchWaiters,
  orderProcessing,
  orders,
  shifts,
  type DispatchQueueName,
} from '../../db/schema/index';

/** Conditions of an order waiting for a designer. */
export const WAITING_FOR_DESIGNER = [OrderCondition.new, OrderCondition.requeued];
/** Conditions of an order a designer holds. */
export const HELD_BY_DESIGNER = [OrderCondition.inWork, OrderCondition.fixing, OrderCondition.revision];
/** Orders one matching transaction looks at (and may hand out), oldest first. */
const MATCH_ORDER_WINDOW = 50;
/** Deadlines handled in one sweeping transaction. */
export const SWEEP_BATCH = 100;

/** Marks a designer as searching; one who already searches keeps their place in the queue. */
export async function addExecutorWaiter(db: Db, userId: string, since: Date): Promise<void> {
  await db
    .insert(dispatchWaiters)
    .values({ userId, queue: DispatchQueue.executor, since })
    .onConflictDoNothing();
}

export async function removeWaiters(db: Db, userId: string, queues: DispatchQueueName[]): Promise<void> {
  await db
    .delete(dispatchWaiters)
    .where(and(eq(dispatchWaiters.userId, userId), inArray(dispatchWaiters.queue, queues)));
}

/** How many orders wait for a designer. */
export async function countWaitingForDesigner(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(inArray(orders.condition, WAITING_FOR_DESIGNER));
  return row?.value ?? 0;
}

/** The order a designer holds, with its running attempt, if any. */
export async function findHeldOrder(db: Db, designerId: string) {
  const [row] = await db
    .select({ order: orders, attempt: orderProcessing })
    .from(orders)
    .innerJoin(
      orderProcessing,
      and(
        eq(orderProcessing.orderId, orders.id),
        eq(orderProcessing.executorId, designerId),
        isNull(orderProcessing.dateEnd),
      ),
    )
    .where(eq(orders.executorId, designerId));
  return row;
}

/**
 * Locks the running attempt of a designer's order (waiting for a sweeper that holds it), so that a
 * result, a refusal and an expiry never both happen.
 */
export async function lockHeldAttempt(tx: Transaction, designerId: string) {
  const [attempt] = await tx
    .select()
    .from(orderProcessing)
    .where(
      and(
        eq(orderProcessing.executorId, designerId),
        eq(orderProcessing.kind, 'executor'),
        isNull(orderProcessing.dateEnd),
      ),
    )
    .for('update');
  if (!attempt) return undefined;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, attempt.orderId), eq(orders.executorId, designerId)))
    .for('update');
  return order ? { attempt, order } : undefined;
}

/**
 * Claims pairs in one transaction: the oldest waiting orders, each with the longest-waiting designer
 * still free who has neither refused nor let it expire before. Rows others hold are skipped, never
 * waited for, so any number of matchers may run at once.
 */
export async function claimMatches(tx: Transaction) {
  const waitingOrders = await tx
    .select({ id: orders.id, userId: orders.userId, executionTime: orders.executionTime })
    .from(orders)
    .where(inArray(orders.condition, WAITING_FOR_DESIGNER))
    .orderBy(asc(orders.queuedAt), asc(orders.id))
    .limit(MATCH_ORDER_WINDOW)
    .for('update', { skipLocked: true });
  if (waitingOrders.length === 0) return [];
  const waiters = await tx
    .select({ userId: dispatchWaiters.userId })
    .from(dispatchWaiters)
    .where(eq(dispatchWaiters.queue, DispatchQueue.executor))
    .orderBy(asc(dispatchWaiters.since), asc(dispatchWaiters.userId))
    .limit(MATCH_ORDER_WINDOW * 4)
    .for('update', { skipLocked: true });
  if (waiters.length === 0) return [];
  const earlier = await tx
    .select({ orderId: orderProcessing.orderId, executorId: orderProcessing.executorId })
    .from(orderProcessing)
    .where(
      and(
        inArray(
          orderProcessing.orderId,
          waitingOrders.map((order) => order.id),
        ),
        inArray(
          orderProcessing.executorId,
          waiters.map((waiter) => waiter.userId),
        ),
        isNotNull(orderProcessing.resultStatus),
        sql`${orderProcessing.resultStatus} <> 1`,
      ),
    );
  const excluded = new Set(earlier.map((step) => `${step.orderId}:${step.executorId}`));
  const free = [...waiters];
  const pairs: Array<{ order: (typeof waitingOrders)[number]; designerId: string }> = [];
  for (const order of waitingOrders) {
    const index = free.findIndex((candidate) => !excluded.has(`${order.id}:${candidate.userId}`));
    if (index < 0) continue;
    const [waiter] = free.splice(index, 1);
    pairs.push({ order, designerId: waiter!.userId });
  }
  return pairs;
}

/** Starts an attempt: the designer holds the order until its hard deadline. */
export async function startAttempt(
  tx: Transaction,
  order: { id: string; executionTime: number },
  designerId: string,
  condition: number,
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ condition, executorId: designerId, dateStart: now })
    .where(eq(orders.id, order.id));
  await tx.insert(orderProcessing).values({
    orderId: order.id,
    kind: 'executor',
    executorId: designerId,
    dateStart: now,
    deadlineAt: new Date(now.getTime() + order.executionTime * 60_000),
    createdAt: now,
  });
  await removeWaiters(tx, designerId, [DispatchQueue.executor]);
}

/** Running attempts due an extension offer: 10 minutes or less before the hard deadline, not offered yet. */
export async function claimDueOffers(tx: Transaction, now: Date, offerLeadMs: number) {
  return tx
    .select({ id: orderProcessing.id, executorId: orderProcessing.executorId })
    .from(orderProcessing)
    .where(
      and(
        isNull(orderProcessing.dateEnd),
        isNotNull(orderProcessing.deadlineAt),
        eq(orderProcessing.extensionOffered, false),
        lte(orderProcessing.deadlineAt, new Date(now.getTime() + offerLeadMs)),
      ),
    )
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
}

/** Running attempts past their hard deadline, or whose extension offer lapsed unanswered. */
export async function claimExpiredAttempts(tx: Transaction, now: Date) {
  return tx
    .select({
      id: orderProcessing.id,
      orderId: orderProcessing.orderId,
      executorId: orderProcessing.executorId,
    })
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
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
}

/** On shift and holding no order: a fix or a revision may go straight back to this designer. */
export async function isDesignerFree(tx: Transaction, designerId: string): Promise<boolean> {
  const [shift] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.userId, designerId), isNull(shifts.endedAt)));
  if (!shift) return false;
  const [held] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.executorId, designerId));
  return held === undefined;
}

/** Whether an attempt records the picture, as its designer's result or its moderator's fix. */
export async function isAttemptPicture(
  db: Db,
  column: 'resultPicture' | 'reviewPicture',
  picturePath: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orderProcessing.id })
    .from(orderProcessing)
    .where(eq(orderProcessing[column], picturePath));
  return row !== undefined;
}
