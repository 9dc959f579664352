import { BREAKPOINTS } from '@retouch/shared/constants';
import { orderProgress, progressRefreshMs } from '@retouch/shared/orders';
import { Progress, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import type { HistoryOrder } from '../api/get-user-orders';
import { isInWork } from '../utils/order-actions';

const CIRCLE_SIZE = 64;
const SMALL_CIRCLE_SIZE = 40;

/** The order's progress circle with its status text; an order in work is recomputed every 1/100 of its time. */
export function OrderProgressCircle({ order }: { order: HistoryOrder }) {
  const [now, setNow] = useState(() => Date.now());
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.narrow}px)`);
  const moving = isInWork(order.condition);

  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setNow(Date.now()), progressRefreshMs(order.executionTime));
    return () => clearInterval(timer);
  }, [moving, order.executionTime]);

  const progress = orderProgress(order, now);
  return (
    <Tooltip title={progress.text}>
      <Progress
        type="circle"
        percent={progress.percent}
        status={progress.status === 'warning' ? 'normal' : progress.status}
        strokeColor={progress.status === 'warning' ? 'var(--ant-color-warning, #faad14)' : undefined}
        size={small ? SMALL_CIRCLE_SIZE : CIRCLE_SIZE}
        aria-label={progress.text}
        data-testid={`progress-${order._id}`}
      />
    </Tooltip>
  );
}
