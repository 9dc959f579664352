import { isInGroup } from '@retouch/shared/order-flow';
import { BREAKPOINTS } from '@retouch/shared/constants';
import { HourglassOutlined } from '@ant-design/icons';
import { Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { EtaTime } from '@/components/order-eta/eta-time';
import { useMediaQuery } from '@/lib/use-media-query';
import type { HistoryOrder } from '../api/get-user-orders';
import { useOrderProgress } from '../hooks/use-order-progress';
import { isWaitingForDesigner } from '../utils/order-actions';

const CIRCLE_SIZE = 64;
const SMALL_CIRCLE_SIZE = 40;

interface OrderStatusProps {
  order: HistoryOrder;
  /** Writes the status beside the circle: a touch screen cannot open the tooltip. */
  withText?: boolean;
}

/**
 * The order's status: a waiting tag while a designer is sought (not a circle at 0 %, issue 19), else the
 * progress circle with the status text in its tooltip, and beside it when asked; under it, while the
 * result is awaited, when it is expected.
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

  if (isWaitingForDesigner(order.condition)) {
    return (
      <Tag color="warning" icon={<HourglassOutlined aria-hidden />} data-testid={`status-${order._id}`}>
        {progress.text}
      </Tag>
    );
  }
  const circle = (
    <Tooltip title={progress.text}>
      <Progress
        type="circle"
        percent={progress.percent}
        status={progress.status === 'warning' ? 'normal' : progress.status}
        size={small ? SMALL_CIRCLE_SIZE : CIRCLE_SIZE}
        aria-label={progress.text}
        data-testid={`progress-${order._id}`}
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
