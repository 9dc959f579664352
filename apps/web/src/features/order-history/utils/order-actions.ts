import { findTransition, isInGroup, OrderAction, OrderActor } from '@retouch/shared/order-flow';
import { OrderCondition, type OrderConditionValue } from '@retouch/shared/orders';

/** A tip may be left only on an executed order not tipped yet (customer-side section 4): the table's tip. */
export function canLeaveTip(condition: number): boolean {
  return findTransition(condition as OrderConditionValue, OrderAction.tip, OrderActor.customer) !== undefined;
}

/** The tip is shown once it has been given. */
export function hasTip(condition: number): boolean {
  return condition === OrderCondition.doneTipped;
}

/** The more-dialog opens for executed, tipped and refused orders. */
export function canOpenMore(condition: number): boolean {
  return isInGroup('delivered', condition) || condition === OrderCondition.refused;
}

/** Whether the progress still moves with time (conditions 1 to 5). */
export function isInWork(condition: number): boolean {
  return isInGroup('inWork', condition);
}

/** Whether the order waits for a designer (conditions 0 and 7): nothing is in progress yet. */
export function isWaitingForDesigner(condition: number): boolean {
  return isInGroup('waitingForDesigner', condition);
}
