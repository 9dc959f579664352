import { findTransition, isInGroup, OrderAction, OrderActor } from '@retouch/shared/order-flow';
import { OrderCondition, type OrderConditionValue } from '@retouch/shared/orders';

/** A tip may be left only on an executed order not tipped yet (customer-side section 4): the table's tip. */
export function canLeaveTip(condition: number): boolean {
  return findTransition(condition as OrderConditionValue, OrderAction.tip, OrderActor.customer) !== undefined;
}

/**
 * The tip cell shows the tip at condition 10 (customer-side section 2), and keeps showing a tip given
 * while a revision of the order is worked (the order left 10 for 5, or 7 and 1): it is still given.
 */
export function hasTip(order: { condition: number; tip: number }): boolean {
  return order.condition === OrderCondition.doneTipped || order.tip > 0;
}

/** The more-dialog opens for executed, tipped and refused orders. */
export function canOpenMore(condition: number): boolean {
  return isInGroup('delivered', condition) || condition === OrderCondition.refused;
}

/** Whether the progress still moves with time (conditions 1 to 5). */
export function isInWork(condition: number): boolean {
  return isInGroup('inWork', condition);
}
