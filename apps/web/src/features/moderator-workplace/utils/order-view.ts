import type { StaffOrder, StaffProcessingStep } from '@retouch/shared/dispatch';

export type ExecutorStep = StaffProcessingStep & { executor: NonNullable<StaffProcessingStep['executor']> };

/** The attempt under review: the last designer step of the history. */
export function attemptUnderReview(order: StaffOrder): ExecutorStep | undefined {
  return order.processing.findLast((step): step is ExecutorStep => step.executor !== null);
}
