import type { StaffOrder, StaffProcessingStep } from '@retouch/shared/dispatch';
import { findTransition, OrderAction, OrderActor } from '@retouch/shared/order-flow';
import type { OrderConditionValue } from '@retouch/shared/orders';

export type ExecutorStep = StaffProcessingStep & { executor: NonNullable<StaffProcessingStep['executor']> };

/** The attempt under review: the last designer step of the history. */
export function attemptUnderReview(order: StaffOrder): ExecutorStep | undefined {
  return order.processing.findLast((step): step is ExecutorStep => step.executor !== null);
}

/** The order under review is a designer's refusal (the moderator agrees or not), not a result to approve. */
export function isRefusalUnderReview(order: Pick<StaffOrder, 'condition'>): boolean {
  const condition = order.condition as OrderConditionValue;
  return findTransition(condition, OrderAction.agreeRefusal, OrderActor.moderator) !== undefined;
}
