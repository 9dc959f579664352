import {
  DispatchText,
  EXTENSION_MINUTES,
  EXTENSION_OFFER_SECONDS,
  ExecutorResult,
  TimeExtensionCode,
} from '@retouch/shared/dispatch';
import { ConditionGroup, ORDER_TRANSITIONS } from '@retouch/shared/order-flow';
import type { Database } from '../../db/client';
import { DispatchQueue } from '../../db/values';
import { expireAttempt, matchOrders, requeueHeld } from '../order-flow/designer-commands';
import type { OrderRow } from '../order-flow/order-flow.repository';
import { runCommand, type OrderFlowDeps, type Step } from '../order-flow/order-transition';
import {
  claimAbsentDesigners,
  claimExpiredAttempts,
  claimExtensionsDue,
  claimWaitingOrders,
  countWaitingForDesigner,
  findEndedAttempts,
  markExtensionOffered,
} from './designer-queue.repository';
import type { QueuePolicy } from './work-queue.service';

/** Deadlines handled in one sweeping transaction. */
const SWEEP_BATCH = 100;
const OFFER_LEAD_MS = EXTENSION_MINUTES * 60_000;
const OFFER_OPEN_MS = EXTENSION_OFFER_SECONDS * 1000;
const WAITING = [...ConditionGroup.waitingForDesigner];
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

/**
 * The designers' queue: orders 0 and 7, oldest first, to the longest-waiting designer on shift who has
 * neither refused the order nor let it expire before. A hold lapses at the attempt's deadline, or when
 * the designer was away past the grace period (the attempt is then recorded as interrupted).
 */
export const designerQueuePolicy: QueuePolicy<OrderRow> = {
  queue: DispatchQueue.executor,
  // Whole rows: matching moves them without reading them again.
  claimWaiting: (tx, limit) => claimWaitingOrders(tx, limit),
  async eligibility(tx, waiting, staffIds) {
    // An order never offered yet bars nobody: only the ones offered before are looked up.
    const offered = waiting.filter((order) => !NEVER_OFFERED.includes(order.condition));
    if (offered.length === 0 || staffIds.length === 0) return () => true;
    const earlier = await findEndedAttempts(
      tx,
      offered.map((order) => order.id),
      staffIds,
      EXCLUDING,
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
    for (const attempt of await claimExpiredAttempts(step.tx, step.now, SWEEP_BATCH)) {
      if (await expireAttempt(step, attempt)) expired += 1;
    }
    return expired;
  },
  async releaseAbsent(step, graceSeconds) {
    const absent = await claimAbsentDesigners(step.tx, graceSeconds, SWEEP_BATCH);
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
    const due = await claimExtensionsDue(step.tx, new Date(step.now.getTime() + OFFER_LEAD_MS), SWEEP_BATCH);
    for (const attempt of due) {
      await markExtensionOffered(step.tx, attempt.id, new Date(step.now.getTime() + OFFER_OPEN_MS));
      step.events.push({
        kind: 'timeExtension',
        designerId: attempt.executorId!,
        payload: { code: TimeExtensionCode.offer, message: DispatchText.extensionOffer },
      });
    }
  });
}
