import { isInGroup } from '@retouch/shared/order-flow';
import { OrderCondition, orderProgress, remainingTimeMs } from '@retouch/shared/orders';
import { AdminOrdersUiText } from '../texts';

interface TimedOrder {
  condition: number;
  executionTime: number;
  dateStart: string | null;
}

export type StatusGroup =
  'lookingForDesigner' | 'inProgress' | 'beingModerated' | 'completed' | 'refused' | 'cancelled';

export interface AdminOrderStatus {
  group: StatusGroup;
  text: string;
  /** An antd Tag colour. */
  color: string;
  percent: number;
}

const COLORS: Record<StatusGroup, string> = {
  lookingForDesigner: 'warning',
  inProgress: 'processing',
  beingModerated: 'purple',
  completed: 'success',
  // Refused is shown with the cancelled group (back office section 4).
  refused: 'error',
  cancelled: 'error',
};

function groupOf(order: TimedOrder, now: number): StatusGroup {
  const { condition } = order;
  if (isInGroup('waitingForDesigner', condition)) return 'lookingForDesigner';
  if (isInGroup('inWork', condition))
    return remainingTimeMs(order, now) > 0 ? 'inProgress' : 'beingModerated';
  if (isInGroup('delivered', condition)) return 'completed';
  if (condition === OrderCondition.refused) return 'refused';
  return 'cancelled';
}

/**
 * The admin status of an order (back office section 4): looking for a designer (0, 7), in progress
 * (1 to 5) or being moderated once their time ran out, completed (6, 10), refused (8), cancelled (any other).
 */
export function adminOrderStatus(order: TimedOrder, now: number): AdminOrderStatus {
  const group = groupOf(order, now);
  return {
    group,
    text: AdminOrdersUiText[group],
    color: COLORS[group],
    percent: orderProgress(order, now).percent,
  };
}

/** Whether the status depends on the time, so it must be refreshed while shown. */
export const isTimed = (condition: number) => isInGroup('inWork', condition);

/** The tip column (back office section 4): the value at 10, 'no tip' at 6, an ellipsis otherwise. */
export function tipText(order: { condition: number; tip: number }): string {
  if (order.condition === OrderCondition.doneTipped) return String(order.tip);
  if (order.condition === OrderCondition.done) return AdminOrdersUiText.noTip;
  return AdminOrdersUiText.tipPending;
}
