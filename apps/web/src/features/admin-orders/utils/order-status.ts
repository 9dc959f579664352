import { orderTableStatus, type OrderTableStatus } from '@retouch/shared/admin-orders';
import { isInGroup } from '@retouch/shared/order-flow';
import { OrderCondition, orderProgress } from '@retouch/shared/orders';
import { formatTokens } from '@/lib/format-amount';
import { AdminOrdersUiText } from '../texts';

interface TimedOrder {
  condition: number;
  executionTime: number;
  dateStart: string | null;
}

/** The table's statuses, as the server's filter names them. */
type StatusGroup = OrderTableStatus;

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

/**
 * The admin status of an order (back office section 4): looking for a designer (0, 7), in progress
 * (1 to 5) or being moderated once their time ran out, completed (6, 10), refused (8), cancelled (any other).
 */
export function adminOrderStatus(order: TimedOrder, now: number): AdminOrderStatus {
  const group = orderTableStatus(order, now);
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
  if (order.condition === OrderCondition.doneTipped) return formatTokens(order.tip);
  if (order.condition === OrderCondition.done) return AdminOrdersUiText.noTip;
  return AdminOrdersUiText.tipPending;
}
