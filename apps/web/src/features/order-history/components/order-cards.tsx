import { ORDER_PAGE_SIZES } from '@retouch/shared/orders';
import { Card, Flex, Pagination, Select, Spin, Typography } from 'antd';
import { useId } from 'react';
import { CoinAmount } from '@/components/coin-amount';
import type { DateSort, HistoryOrder } from '../api/get-user-orders';
import { OrderHistoryText } from '../texts';
import { nextHistoryQuery } from '../utils/history-query';
import { OrderMoreButton, OrderThumbnail, OrderTip, orderDate } from './order-fields';
import { OrderServices } from './order-services';
import type { OrderListProps } from './order-table';
import { OrderStatus } from './order-status';

// The server sorts newest first unless asked otherwise.
const DEFAULT_SORT: DateSort = 'DESC';
const SORT_OPTIONS = [
  { value: 'DESC', label: OrderHistoryText.newestFirst },
  { value: 'ASC', label: OrderHistoryText.oldestFirst },
] satisfies Array<{ value: DateSort; label: string }>;
const PAGE_SIZE_OPTIONS = ORDER_PAGE_SIZES.map((size) => ({
  value: size,
  label: OrderHistoryText.perPage(size),
}));

/**
 * The history on a phone (issue 19): one card an order, everything in the width of the screen, the status
 * written out (a touch screen cannot open the table's tooltip).
 */
export function OrderCards({
  orders,
  total,
  query,
  loading,
  onQueryChange,
  onLeaveTip,
  onOpenMore,
}: OrderListProps) {
  const sortLabelId = useId();
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} style={{ margin: 0 }}>
        {OrderHistoryText.heading}
      </Typography.Title>
      <Flex align="center" gap="small" wrap>
        <label id={sortLabelId}>{OrderHistoryText.sortByDate}</label>
        <Select<DateSort>
          aria-labelledby={sortLabelId}
          value={query.sortByDate ?? DEFAULT_SORT}
          options={SORT_OPTIONS}
          onChange={(sortByDate) => onQueryChange(nextHistoryQuery(query, { ...query, sortByDate }))}
          style={{ minWidth: 150 }}
        />
      </Flex>
      <Spin spinning={loading}>
        <Flex vertical gap="middle" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {orders.map((order) => (
            <li key={order._id}>
              <OrderCard
                order={order}
                onLeaveTip={() => onLeaveTip(order)}
                onOpenMore={() => onOpenMore(order)}
              />
            </li>
          ))}
        </Flex>
      </Spin>
      <Flex justify="center" align="center" gap="small" wrap>
        <Pagination
          size="small"
          current={query.page}
          pageSize={query.limit}
          total={total}
          showSizeChanger={false}
          onChange={(page, limit) => onQueryChange(nextHistoryQuery(query, { ...query, page, limit }))}
        />
        {/* Beside the pages, where the table has it: Ant Design hides the pagination's own size changer
            below 576 px (issue 36). */}
        <Select<number>
          aria-label={OrderHistoryText.pageSize}
          size="small"
          value={query.limit}
          options={PAGE_SIZE_OPTIONS}
          onChange={(limit) => onQueryChange(nextHistoryQuery(query, { ...query, limit }))}
          style={{ minWidth: 100 }}
        />
      </Flex>
    </Flex>
  );
}

interface OrderCardProps {
  order: HistoryOrder;
  onLeaveTip: () => void;
  onOpenMore: () => void;
}

function OrderCard({ order, onLeaveTip, onOpenMore }: OrderCardProps) {
  return (
    <Card size="small" data-testid={`order-${order._id}`}>
      <Flex vertical gap="middle">
        <Flex gap="middle" align="flex-start">
          <OrderThumbnail order={order} />
          <Flex vertical gap="small" style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{orderDate(order)}</Typography.Text>
            <OrderStatus order={order} withText />
          </Flex>
        </Flex>
        <OrderServices persons={order.persons} />
        <Flex justify="space-between" align="center" gap="small" wrap>
          <span>
            {OrderHistoryText.columnCost}: <CoinAmount amount={order.cost} />
          </span>
          <Flex align="center" gap="small">
            {OrderHistoryText.columnTip}: <OrderTip order={order} onLeaveTip={onLeaveTip} withUnit />
          </Flex>
        </Flex>
        <OrderMoreButton order={order} onOpen={onOpenMore} />
      </Flex>
    </Card>
  );
}
