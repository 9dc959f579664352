import type { AdminOrderRow } from '@retouch/shared/admin-orders';
import { ADMIN_PAGE_SIZES } from '@retouch/shared/constants';
import { AdminText } from '@retouch/shared/texts';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { formatTokens } from '@/lib/format-amount';
import { formatDateTime } from '@/lib/format-date';
import { ordersExportUrl, useOrders, type OrdersTableQuery } from '../api/get-orders';
import { useLiveOrdersTable } from '../hooks/use-live-orders';
import { tipText } from '../utils/order-status';
import { readTableQuery, writeTableQuery } from '../utils/table-query';
import { AdminOrdersRowLabel, AdminOrdersUiText } from '../texts';
import { OrdersFilters } from './orders-filters';
import { OrderStatusTag } from './order-status-tag';

/**
 * /admin/orders (back office section 2, Orders table): every order a page at a time, paged and sorted by
 * date on the server; a client's e-mail filters the table by that client until the filter is cleared, and
 * statuses and creation days filter it too (all kept in the address). The export downloads every order
 * the filters keep as CSV. New and changed orders reach the table live over the socket.
 */
export function OrdersTable() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const query = readTableQuery(search);
  const orders = useOrders(query);
  useLiveOrdersTable();

  useEffect(() => {
    if (orders.isError) notification.error({ title: AdminText.error, description: AdminText.somethingWrong });
  }, [orders.isError, notification]);

  const update = (changes: Partial<OrdersTableQuery>) => setSearch(writeTableQuery({ ...query, ...changes }));

  if (orders.isError && !orders.data) {
    return (
      <LoadError title={AdminText.somethingWrong} retryLabel={AdminText.tryAgain} onRetry={orders.refetch} />
    );
  }

  const columns: TableColumnsType<AdminOrderRow> = [
    { key: 'id', title: AdminOrdersUiText.id, dataIndex: '_id' },
    {
      key: 'date',
      title: AdminOrdersUiText.date,
      dataIndex: 'createdAt',
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: query.sortByDate === 'ASC' ? 'ascend' : 'descend',
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      key: 'email',
      title: AdminOrdersUiText.email,
      render: (_, order) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          aria-label={AdminOrdersRowLabel.filterByEmail(order.client.email)}
          onClick={() => update({ email: order.client.email, page: 1 })}
        >
          {order.client.email}
        </Button>
      ),
    },
    {
      key: 'name',
      title: AdminOrdersUiText.name,
      render: (_, order) => `${order.client.name.giveName} ${order.client.name.familyName}`,
    },
    { key: 'cost', title: AdminOrdersUiText.cost, render: (_, order) => formatTokens(order.cost) },
    { key: 'tip', title: AdminOrdersUiText.tip, render: (_, order) => tipText(order) },
    {
      key: 'status',
      title: AdminOrdersUiText.status,
      render: (_, order) => <OrderStatusTag order={order} />,
    },
    {
      key: 'details',
      title: AdminOrdersUiText.details,
      render: (_, order) => (
        <Button
          aria-label={AdminOrdersRowLabel.details(order._id)}
          onClick={() => navigate(`/admin/info/order/${order._id}`)}
        >
          {AdminOrdersUiText.details}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={AdminText.menuOrders}
      extra={
        <Button icon={<DownloadOutlined aria-hidden />} href={ordersExportUrl(query)} download>
          {AdminOrdersUiText.exportCsv}
        </Button>
      }
    >
      <OrdersFilters query={query} onChange={update} />
      {query.email && (
        <Flex gap="small" align="center" wrap style={{ marginBottom: 16 }}>
          <Typography.Text>
            {AdminOrdersUiText.filteredBy}: <Typography.Text strong>{query.email}</Typography.Text>
          </Typography.Text>
          <Typography.Link onClick={() => update({ email: null, page: 1 })}>
            {AdminOrdersUiText.clearFilter}
          </Typography.Link>
        </Flex>
      )}
      <Table<AdminOrderRow>
        rowKey="_id"
        columns={columns}
        dataSource={orders.data?.orders}
        // A page being loaded, not a live reload in the background (which would flash on every event).
        loading={orders.isPending || orders.isPlaceholderData}
        locale={{ emptyText: <Empty description={AdminOrdersUiText.empty} /> }}
        scroll={{ x: true }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: orders.data?.total ?? 0,
          pageSizeOptions: ADMIN_PAGE_SIZES.map(String),
          showSizeChanger: true,
        }}
        onChange={(pagination, _filters, sorter, { action }) => {
          if (action === 'sort') {
            const order = Array.isArray(sorter) ? sorter[0]?.order : sorter.order;
            update({ sortByDate: order === 'ascend' ? 'ASC' : 'DESC', page: 1 });
          } else if (action === 'paginate') {
            const limit = pagination.pageSize ?? query.limit;
            update({ limit, page: limit === query.limit ? (pagination.current ?? 1) : 1 });
          }
        }}
      />
    </Card>
  );
}
