import { isInGroup, OrderCondition } from './order-flow';

/**
 * An order's status as both documents tell it (customer side and back office, section 4), by the names
 * the back office's filter uses: looking for a designer (0, 7), in progress (1 to 5 with time left),
 * being moderated (1 to 5 whose remaining time ran out), completed (6, 10), refused (8), cancelled (any other).
 */
export const ORDER_STATUS_KINDS = [
  'lookingForDesigner',
  'inProgress',
  'beingModerated',
  'completed',
  'refused',
  'cancelled',
] as const;
export type OrderStatusKind = (typeof ORDER_STATUS_KINDS)[number];

/** The progress circle's style: warning while a designer is sought, success when executed, exception when not. */
export type ProgressStyle = 'warning' | 'active' | 'success' | 'exception';

export interface OrderStatus {
  kind: OrderStatusKind;
  percent: number;
  style: ProgressStyle;
}

/** What the rule reads of an order: its condition, and the execution time (minutes) since `dateStart`. */
export interface TimedOrder {
  condition: number;
  executionTime: number;
  dateStart: string | null;
}

/** Milliseconds left of the execution time since the attempt started (the whole time before it starts). */
export function remainingTimeMs(order: Omit<TimedOrder, 'condition'>, now: number): number {
  const total = order.executionTime * 60_000;
  if (!order.dateStart) return total;
  return Math.max(0, total - (now - new Date(order.dateStart).getTime()));
}

/** How often a status in work is recomputed: one hundredth of the execution time. */
export function progressRefreshMs(executionTime: number): number {
  return Math.max(1000, Math.round((executionTime * 60_000) / 100));
}

/** The elapsed share of the execution time, under 100 % while time is left. */
function elapsedPercent(order: TimedOrder, remaining: number): number {
  const total = order.executionTime * 60_000;
  return Math.min(99, Math.floor(((total - remaining) / total) * 100));
}

/**
 * The status of an order at `now` (ms), the one rule of the customer's history and the back office's
 * orders table: "0 and 7: 0 percent, warning style"; "1 to 5: percentage from remaining time against
 * executionTime"; "1 to 5 with remaining time run out: being moderated, 100 percent"; "6 and 10: 100
 * percent, success"; "8 and any other: 100 percent, exception".
 */
export function orderStatus(order: TimedOrder, now: number): OrderStatus {
  const { condition } = order;
  if (isInGroup('waitingForDesigner', condition)) {
    return { kind: 'lookingForDesigner', percent: 0, style: 'warning' };
  }
  if (isInGroup('inWork', condition)) {
    const remaining = remainingTimeMs(order, now);
    if (remaining <= 0) return { kind: 'beingModerated', percent: 100, style: 'active' };
    return { kind: 'inProgress', percent: elapsedPercent(order, remaining), style: 'active' };
  }
  if (isInGroup('delivered', condition)) return { kind: 'completed', percent: 100, style: 'success' };
  const kind = condition === OrderCondition.refused ? 'refused' : 'cancelled';
  return { kind, percent: 100, style: 'exception' };
}

/** Whether the status moves with time (1 to 5), so that a screen showing it must recompute it. */
export const isTimedStatus = (condition: number) => isInGroup('inWork', condition);
