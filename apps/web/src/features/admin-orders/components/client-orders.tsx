import type { AdminOrderRow } from '@retouch/shared/admin-orders';
import { Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { useClientOrders } from '../api/get-client-orders';
import { formatTokens } from '@/lib/format-amount';
import { formatDateTime } from '@/lib/format-date';
import { tipText } from '../utils/order-status';
import { AdminOrdersRowLabel, AdminOrdersUiText } from '../texts';
import { OrderStatusTag } from './order-status-tag';

interface ClientOrdersProps {
  clientId: string;
  currentOrderId: string;
  /** Tables stay hidden while a dialog is open (back office section 2). */
  hidden: boolean;
}

/** The client's other orders, newest first; a click opens one's details. */
export function ClientOrders({ clientId, currentOrderId, hidden }: ClientOrdersProps) {
  const navigate = useNavigate();
  const orders = useClientOrders(clientId, currentOrderId);
  const columns: TableColumnsType<AdminOrderRow> = [
    {
      key: 'id',
      title: AdminOrdersUiText.id,
      render: (_, order) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          aria-label={AdminOrdersRowLabel.openOrder(order._id)}
          onClick={() => navigate(`/admin/info/order/${order._id}`)}
        >
          {order._id}
        </Button>
      ),
    },
    {
      key: 'date',
      title: AdminOrdersUiText.date,
      dataIndex: 'createdAt',
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    { key: 'cost', title: AdminOrdersUiText.cost, render: (_, order) => formatTokens(order.cost) },
    { key: 'tip', title: AdminOrdersUiText.tip, render: (_, order) => tipText(order) },
    {
      key: 'status',
      title: AdminOrdersUiText.status,
      render: (_, order) => <OrderStatusTag order={order} />,
    },
  ];
  return (
    <Card title={AdminOrdersUiText.clientOrders}>
      {!hidden && (
        <Table<AdminOrderRow>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={orders.data}
          loading={orders.isPending}
          pagination={false}
          locale={{ emptyText: <Empty description={AdminOrdersUiText.noClientOrders} /> }}
          scroll={{ x: true }}
        />
      )}
    </Card>
  );
}
