import { progressRefreshMs } from '@retouch/shared/order-status';
import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { adminOrderStatus, isTimed } from '../utils/order-status';

interface OrderStatusTagProps {
  order: { condition: number; executionTime: number; dateStart: string | null };
}

/**
 * The order's status in its group's colour; an order in work shows its progress, recomputed every
 * one hundredth of its execution time (back office section 4).
 */
export function OrderStatusTag({ order }: OrderStatusTagProps) {
  const [now, setNow] = useState(() => Date.now());
  const timed = isTimed(order.condition);
  useEffect(() => {
    if (!timed) return;
    const timer = setInterval(() => setNow(Date.now()), progressRefreshMs(order.executionTime));
    return () => clearInterval(timer);
  }, [timed, order.executionTime]);
  const status = adminOrderStatus(order, now);
  return (
    <Tag color={status.color}>
      {status.group === 'inProgress' ? `${status.text} · ${status.percent}%` : status.text}
    </Tag>
  );
}
