import { CustomerText } from '@retouch/shared/texts';
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from '@retouch/shared/orders';
import { Button, Empty, Flex, Image, Table, Typography, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExpiredPicture } from '@/components/before-after-slider';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { useUserOrders, type DateSort, type HistoryOrder, type HistoryQuery } from '../api/get-user-orders';
import { useReloadOnOrderChange } from '../hooks/use-reload-on-order-change';
import { OrderHistoryText } from '../texts';
import { canLeaveTip, canOpenMore, hasTip } from '../utils/order-actions';
import { OrderMoreDialog } from './order-more-dialog';
import { OrderProgressCircle } from './order-progress-circle';
import { OrderServices } from './order-services';
import { TipDialog } from './tip-dialog';

const THUMBNAIL_WIDTH = 80;

type Dialog = { kind: 'tip'; orderId: string } | { kind: 'more'; order: HistoryOrder } | null;

const toSortOrder = (sort: DateSort | undefined): SortOrder =>
  sort === 'ASC' ? 'ascend' : sort === 'DESC' ? 'descend' : null;
const toDateSort = (order: SortOrder | undefined): DateSort | undefined =>
  order === 'ascend' ? 'ASC' : order === 'descend' ? 'DESC' : undefined;

/** The customer's orders (customer-side section 2, History): paged and sorted by the server. */
export function OrderHistory() {
  const [query, setQuery] = useState<HistoryQuery>({ page: 1, limit: DEFAULT_ORDER_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>(null);
  const orders = useUserOrders(query);
  useReloadOnOrderChange();

  if (orders.isPending) return <PageSpinner />;
  if (orders.isError) {
    return (
      <LoadError
        title={CustomerText.somethingWrong}
        retryLabel={CustomerText.tryAgain}
        onRetry={orders.refetch}
      />
    );
  }
  if (orders.data.total === 0) {
    return (
      <Empty description={OrderHistoryText.empty}>
        <Link to="/portfolio">{OrderHistoryText.toPortfolio}</Link>
      </Empty>
    );
  }

  const columns: TableProps<HistoryOrder>['columns'] = [
    {
      key: 'image',
      title: OrderHistoryText.columnImage,
      render: (_, order) =>
        order.pictures.thumbnail === null ? (
          <ExpiredPicture width={THUMBNAIL_WIDTH} compact />
        ) : (
          <Image src={order.pictures.thumbnail} alt={OrderHistoryText.originalAlt} width={THUMBNAIL_WIDTH} />
        ),
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
      render: (createdAt: string) => new Date(createdAt).toLocaleString(),
    },
    { key: 'cost', title: OrderHistoryText.columnCost, dataIndex: 'cost' },
    {
      key: 'tip',
      title: OrderHistoryText.columnTip,
      render: (_, order) =>
        hasTip(order.condition) ? (
          order.tip
        ) : (
          <Button
            disabled={!canLeaveTip(order.condition)}
            onClick={() => setDialog({ kind: 'tip', orderId: order._id })}
          >
            {OrderHistoryText.leaveTip}
          </Button>
        ),
    },
    {
      key: 'progress',
      title: OrderHistoryText.columnProgress,
      render: (_, order) => <OrderProgressCircle order={order} />,
    },
    {
      key: 'more',
      render: (_, order) => (
        <Button disabled={!canOpenMore(order.condition)} onClick={() => setDialog({ kind: 'more', order })}>
          {OrderHistoryText.more}
        </Button>
      ),
    },
  ];

  const onChange: TableProps<HistoryOrder>['onChange'] = (pagination, _filters, sorter) => {
    const sortByDate = toDateSort(Array.isArray(sorter) ? sorter[0]?.order : sorter.order);
    const limit = pagination.pageSize ?? query.limit;
    // A new page size or sort starts again from the first page.
    const page = limit !== query.limit || sortByDate !== query.sortByDate ? 1 : (pagination.current ?? 1);
    setQuery({ page, limit, sortByDate });
  };

  return (
    <Flex vertical gap="middle">
      {/* Tables stay hidden while a dialog is open (customer-side section 2). */}
      {dialog === null && (
        <Table<HistoryOrder>
          rowKey="_id"
          title={() => (
            <Typography.Title level={1} style={{ margin: 0 }}>
              {OrderHistoryText.heading}
            </Typography.Title>
          )}
          columns={columns}
          dataSource={orders.data.orders}
          loading={orders.isFetching}
          onChange={onChange}
          scroll={{ x: true }}
          pagination={{
            current: query.page,
            pageSize: query.limit,
            total: orders.data.total,
            pageSizeOptions: [...ORDER_PAGE_SIZES],
            showSizeChanger: true,
          }}
        />
      )}
      {dialog?.kind === 'tip' && <TipDialog orderId={dialog.orderId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'more' && <OrderMoreDialog order={dialog.order} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
