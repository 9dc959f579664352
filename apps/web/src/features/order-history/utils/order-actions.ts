import { OrderCondition } from '@retouch/shared/orders';

/** A tip may be left only on an executed order not tipped yet (customer-side section 4). */
export function canLeaveTip(condition: number): boolean {
  return condition === OrderCondition.done;
}

/** The tip is shown once it has been given. */
export function hasTip(condition: number): boolean {
  return condition === OrderCondition.doneTipped;
}

/** The more-dialog opens for executed, tipped and refused orders. */
export function canOpenMore(condition: number): boolean {
  return (
    condition === OrderCondition.done ||
    condition === OrderCondition.refused ||
    condition === OrderCondition.doneTipped
  );
}

/** Whether the progress still moves with time (conditions 1 to 5). */
export function isInWork(condition: number): boolean {
  return condition >= OrderCondition.inWork && condition <= OrderCondition.revision;
}
