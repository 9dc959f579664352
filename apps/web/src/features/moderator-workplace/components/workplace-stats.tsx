import type { StaffOrder } from '@retouch/shared/dispatch';
import { Flex, Statistic } from 'antd';
import { useReviewRate } from '../hooks/use-review-rate';
import { formatDay } from '@/lib/format-date';
import { ModeratorText } from '../texts';

const UNKNOWN = '—';

/** The review queue's size (the moderator's own rate) and, with an order, its total and creation date. */
export function WorkplaceStats({ order }: { order: StaffOrder | null }) {
  const queueSize = useReviewRate();
  return (
    <Flex gap="large" wrap>
      <Statistic title={ModeratorText.queueSize} value={queueSize ?? UNKNOWN} />
      {order && (
        <>
          <Statistic title={ModeratorText.total} value={order.cost} />
          <Statistic title={ModeratorText.createdAt} value={formatDay(order.createdAt)} />
        </>
      )}
    </Flex>
  );
}
