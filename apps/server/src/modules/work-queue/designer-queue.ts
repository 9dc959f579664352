import { and, asc, count, eq, inArray, isNotNull, isNull, lte, not, or } from 'drizzle-orm';
import {
  DispatchText,
  EXTENSION_MINUTES,
  EXTENSION_OFFER_SECONDS,
  ExecutorResult,
  TimeExtensionCode,
} from '@retouch/shared/dispatch';
import { ConditionGroup, ORDER_TRANSITIONS } from '@retouch/shared/order-flow';
import type { Database, Executor, Transaction } from '../../db/client';
import { DispatchQueue, orderProcessing, orders } from '../../db/schema/index';
import { expireAttempt, matchOrders, requeueHeld } from '../order-flow/designer-commands';
import type { OrderRow } from '../order-flow/order-flow.repository';
import { runCommand, type OrderFlowDeps, type Step } from '../order-flow/order-transition';
import { seenWithin } from './presence.repository';
import type { QueuePolicy } from './work-queue.service';

/** Deadlines handled in one sweeping transaction. */
const SWEEP_BATCH = 100;
const OFFER_LEAD_MS = EXTENSION_MINUTES * 60_000;
const OFFER_OPEN_MS = EXTENSION_OFFER_SECONDS * 1000;
const WAITING = [...ConditionGroup.waitingForDesigner];
const HELD = [...ConditionGroup.heldByDesigner];
/**
 * Waiting conditions only a send leads to (read from the transition table): an order in one has never
 * been offered to anybody, so no designer can have refused it or let it expire.
 */
const NEVER_OFFERED: readonly number[] = WAITING.filter((condition) =>
  ORDER_TRANSITIONS.every(
    (transition) => !transition.to.includes(condition) || transition.from.every((from) => from === null),
  ),
);
/** Outcomes that keep the designer from the order for good: they refused it or let it run out. */
const EXCLUDING = [ExecutorResult.refused, ExecutorResult.overdue];

/** How many orders wait for a designer. */
export async function countWaitingForDesigner(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(orders).where(inArray(orders.condition, WAITING));
  return row?.value ?? 0;
}

/** Running attempts past their hard deadline, or whose extension offer lapsed unanswered. */
async function claimExpiredAttempts(tx: Transaction, now: Date) {
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
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
}

/**
 * The designers' queue: orders 0 and 7, oldest first, to the longest-waiting designer on shift who has
 * neither refused the order nor let it expire before. A hold lapses at the attempt's deadline, or when
 * the designer was away past the grace period (the attempt is then recorded as interrupted).
 */
export const designerQueuePolicy: QueuePolicy<OrderRow> = {
  queue: DispatchQueue.executor,
  // Whole rows: matching moves them without reading them again.
  claimWaiting: (tx, limit) =>
    tx
      .select()
      .from(orders)
      .where(inArray(orders.condition, WAITING))
      .orderBy(asc(orders.queuedAt), asc(orders.id))
      .limit(limit)
      .for('update', { skipLocked: true }),
  async eligibility(tx, waiting, staffIds) {
    // An order never offered yet bars nobody: only the ones offered before are looked up.
    const offered = waiting.filter((order) => !NEVER_OFFERED.includes(order.condition));
    if (offered.length === 0 || staffIds.length === 0) return () => true;
    const earlier = await tx
      .select({ orderId: orderProcessing.orderId, executorId: orderProcessing.executorId })
      .from(orderProcessing)
      .where(
        and(
          inArray(
            orderProcessing.orderId,
            offered.map((order) => order.id),
          ),
          inArray(orderProcessing.executorId, staffIds),
          inArray(orderProcessing.resultStatus, EXCLUDING),
        ),
      );
    const excluded = new Set(earlier.map((step) => `${step.orderId}:${step.executorId}`));
    return (order, staffId) => !excluded.has(`${order.id}:${staffId}`);
  },
  assign: (step, pairs) =>
    matchOrders(
      step,
      pairs.map(({ order, staffId }) => ({ order, designerId: staffId })),
    ),
  async releaseLapsed(step) {
    let expired = 0;
    for (const attempt of await claimExpiredAttempts(step.tx, step.now)) {
      if (await expireAttempt(step, attempt)) expired += 1;
    }
    return expired;
  },
  async releaseAbsent(step, graceSeconds) {
    const absent = await step.tx
      .select({ designerId: orders.executorId })
      .from(orders)
      .where(
        and(
          inArray(orders.condition, HELD),
          isNotNull(orders.executorId),
          not(seenWithin(orders.executorId, graceSeconds)),
        ),
      )
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    let released = 0;
    for (const { designerId } of absent) {
      if (await requeueHeld(step, designerId!)) released += 1;
    }
    return released;
  },
  releaseHeld: (step: Step, designerId: string) => requeueHeld(step, designerId),
  countWaiting: (db: Database) => countWaitingForDesigner(db),
};

/** Offers the extension to attempts 10 minutes or less before their hard deadline, once each. */
export async function offerExtensions(deps: OrderFlowDeps): Promise<void> {
  await runCommand(deps, async (step) => {
    const due = await step.tx
      .select({ id: orderProcessing.id, executorId: orderProcessing.executorId })
      .from(orderProcessing)
      .where(
        and(
          isNull(orderProcessing.dateEnd),
          isNotNull(orderProcessing.deadlineAt),
          eq(orderProcessing.extensionOffered, false),
          lte(orderProcessing.deadlineAt, new Date(step.now.getTime() + OFFER_LEAD_MS)),
        ),
      )
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    for (const attempt of due) {
      await step.tx
        .update(orderProcessing)
        .set({ extensionOffered: true, offerExpiresAt: new Date(step.now.getTime() + OFFER_OPEN_MS) })
        .where(eq(orderProcessing.id, attempt.id));
      step.events.push({
        kind: 'timeExtension',
        designerId: attempt.executorId!,
        payload: { code: TimeExtensionCode.offer, message: DispatchText.extensionOffer },
      });
    }
  });
}
