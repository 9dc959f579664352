import { isInGroup } from '@retouch/shared/order-flow';
import { BREAKPOINTS } from '@retouch/shared/constants';
import { Flex, Progress, theme, Tooltip, Typography, type ProgressProps } from 'antd';
import { EtaTime } from '@/components/order-eta/eta-time';
import { useMediaQuery } from '@/lib/use-media-query';
import type { HistoryOrder } from '../api/get-user-orders';
import { useOrderProgress } from '../hooks/use-order-progress';

const CIRCLE_SIZE = 64;
const SMALL_CIRCLE_SIZE = 40;

interface OrderStatusProps {
  order: HistoryOrder;
  /** Writes the status beside the circle: a touch screen cannot open the tooltip. */
  withText?: boolean;
}

/**
 * The order's status (customer side, sections 2 and 4): the progress circle with the status text in its
 * tooltip, and beside it when asked; under it, while the result is awaited, when it is expected. What we
 * add goes beside the circle, never in it.
 */
export function OrderStatus(props: OrderStatusProps) {
  const { order } = props;
  if (!isInGroup('awaitingResult', order.condition)) return <StatusMark {...props} />;
  return (
    <Flex vertical gap={4} align="flex-start">
      <StatusMark {...props} />
      <EtaTime eta={order.eta} short />
    </Flex>
  );
}

function StatusMark({ order, withText = false }: OrderStatusProps) {
  const progress = useOrderProgress(order);
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.narrow}px)`);
  const warningStyle = useWarningStyle();
  const { status } = progress;
  const circle = (
    <Tooltip title={progress.text}>
      <Progress
        type="circle"
        percent={progress.percent}
        status={status === 'warning' ? 'normal' : status}
        size={small ? SMALL_CIRCLE_SIZE : CIRCLE_SIZE}
        aria-label={progress.text}
        data-testid={`progress-${order._id}`}
        {...(status === 'warning' && warningStyle)}
      />
    </Tooltip>
  );
  if (!withText) return circle;
  return (
    <Flex align="center" gap="small" data-testid={`status-${order._id}`}>
      {circle}
      <Typography.Text>{progress.text}</Typography.Text>
    </Flex>
  );
}

/** The warning style (conditions 0 and 7), which Ant Design's circle has no status for: the theme's warning colour. */
function useWarningStyle(): Pick<ProgressProps, 'strokeColor' | 'railColor' | 'format'> {
  const { token } = theme.useToken();
  return {
    strokeColor: token.colorWarning,
    railColor: token.colorWarningBorder,
    format: (percent) => <span style={{ color: token.colorWarning }}>{percent}%</span>,
  };
}
