import { orderProgress, progressRefreshMs, type OrderProgress } from '@retouch/shared/orders';
import { useEffect, useState } from 'react';
import type { HistoryOrder } from '../api/get-user-orders';
import { isInWork } from '../utils/order-actions';

/** The order's progress and status text; an order in work is recomputed every 1/100 of its time. */
export function useOrderProgress(order: HistoryOrder): OrderProgress {
  const [now, setNow] = useState(() => Date.now());
  const moving = isInWork(order.condition);

  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setNow(Date.now()), progressRefreshMs(order.executionTime));
    return () => clearInterval(timer);
  }, [moving, order.executionTime]);

  return orderProgress(order, now);
}
