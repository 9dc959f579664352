import type { OrderTableStatus } from '@retouch/shared/admin-orders';
import { isTimedStatus, orderStatus, type TimedOrder } from '@retouch/shared/order-status';
import { OrderCondition } from '@retouch/shared/orders';
import { formatTokens } from '@/lib/format-amount';
import { AdminOrdersUiText } from '../texts';

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
 * The admin status of an order (back office section 4), by the rule the customer's history shows too
 * (shared/order-status): looking for a designer (0, 7), in progress (1 to 5) or being moderated once
 * their time ran out, completed (6, 10), refused (8), cancelled (any other).
 */
export function adminOrderStatus(order: TimedOrder, now: number): AdminOrderStatus {
  const { kind, percent } = orderStatus(order, now);
  return { group: kind, text: AdminOrdersUiText[kind], color: COLORS[kind], percent };
}

/** Whether the status depends on the time, so it must be refreshed while shown. */
export const isTimed = isTimedStatus;

/** The tip column (back office section 4): the value at 10, 'no tip' at 6, an ellipsis otherwise. */
export function tipText(order: { condition: number; tip: number }): string {
  if (order.condition === OrderCondition.doneTipped) return formatTokens(order.tip);
  if (order.condition === OrderCondition.done) return AdminOrdersUiText.noTip;
  return AdminOrdersUiText.tipPending;
}
