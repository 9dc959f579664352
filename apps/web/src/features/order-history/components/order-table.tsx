import { ORDER_PAGE_SIZES } from '@retouch/shared/orders';
import { Table, Typography, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { DateSort, HistoryOrder, HistoryQuery } from '../api/get-user-orders';
import { OrderHistoryText } from '../texts';
import { nextHistoryQuery } from '../utils/history-query';
import { OrderMoreButton, OrderThumbnail, OrderTip, orderDate } from './order-fields';
import { OrderServices } from './order-services';
import { OrderStatus } from './order-status';

/** One page of orders and what the list's controls do: what the table and the phone's cards both take. */
export interface OrderListProps {
  orders: HistoryOrder[];
  total: number;
  query: HistoryQuery;
  loading: boolean;
  onQueryChange: (query: HistoryQuery) => void;
  onLeaveTip: (order: HistoryOrder) => void;
  onOpenMore: (order: HistoryOrder) => void;
}

const toSortOrder = (sort: DateSort | undefined): SortOrder =>
  sort === 'ASC' ? 'ascend' : sort === 'DESC' ? 'descend' : null;
const toDateSort = (order: SortOrder | undefined): DateSort | undefined =>
  order === 'ascend' ? 'ASC' : order === 'descend' ? 'DESC' : undefined;

/** The history as the specification's table (customer-side section 2), on screens wider than a phone. */
export function OrderTable({
  orders,
  total,
  query,
  loading,
  onQueryChange,
  onLeaveTip,
  onOpenMore,
}: OrderListProps) {
  const columns: TableProps<HistoryOrder>['columns'] = [
    {
      key: 'image',
      title: OrderHistoryText.columnImage,
      render: (_, order) => <OrderThumbnail order={order} />,
    },
    {
      key: 'services',
      title: OrderHistoryText.columnServices,
      render: (_, order) => <OrderServices persons={order.persons} />,
    },
    {
      key: 'date',
      title: OrderHistoryText.columnDate,
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: toSortOrder(query.sortByDate),
      render: (_, order) => orderDate(order),
    },
    { key: 'cost', title: OrderHistoryText.columnCost, dataIndex: 'cost' },
    {
      key: 'tip',
      title: OrderHistoryText.columnTip,
      render: (_, order) => <OrderTip order={order} onLeaveTip={() => onLeaveTip(order)} />,
    },
    {
      key: 'progress',
      title: OrderHistoryText.columnProgress,
      render: (_, order) => <OrderStatus order={order} />,
    },
    {
      key: 'more',
      render: (_, order) => <OrderMoreButton order={order} onOpen={() => onOpenMore(order)} />,
    },
  ];

  const onChange: TableProps<HistoryOrder>['onChange'] = (pagination, _filters, sorter) => {
    const sortByDate = toDateSort(Array.isArray(sorter) ? sorter[0]?.order : sorter.order);
    const limit = pagination.pageSize ?? query.limit;
    onQueryChange(nextHistoryQuery(query, { page: pagination.current ?? 1, limit, sortByDate }));
  };

  return (
    <Table<HistoryOrder>
      rowKey="_id"
      title={() => (
        <Typography.Title level={1} style={{ margin: 0 }}>
          {OrderHistoryText.heading}
        </Typography.Title>
      )}
      columns={columns}
      dataSource={orders}
      loading={loading}
      onChange={onChange}
      scroll={{ x: true }}
      pagination={{
        current: query.page,
        pageSize: query.limit,
        total,
        pageSizeOptions: [...ORDER_PAGE_SIZES],
        showSizeChanger: true,
      }}
    />
  );
}
