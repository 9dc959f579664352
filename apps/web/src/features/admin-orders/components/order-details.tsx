import type { StaffOrder } from '@retouch/shared/dispatch';
import { isCancellable } from '@retouch/shared/order-flow';
import { AdminText } from '@retouch/shared/texts';
import { App, Card, Col, Descriptions, Flex, Row, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { OrderPersons } from '@/components/staff-order/order-persons';
import { ReviewHistory } from '@/components/staff-order/review-history';
import { formatTokens } from '@/lib/format-amount';
import { formatDay } from '@/lib/format-date';
import { useOrder } from '../api/get-order';
import { useLiveOrderDetails } from '../hooks/use-live-orders';
import { tipText } from '../utils/order-status';
import { AdminOrdersUiText } from '../texts';
import { CancelOrderButton } from './cancel-order-button';
import { ClientCard } from './client-card';
import { ClientOrders } from './client-orders';
import { OrderPictures } from './order-pictures';
import { OrderStatusTag } from './order-status-tag';

/**
 * /admin/info/order/{id} (back office section 2, Order details): the client and their message, the
 * moderator, the pictures, persons and services, date, total, the processing history and the client's
 * other orders; an unfinished order can be cancelled. A failed load is told as 'Что-то пошло не так!'
 * (section 8). Condition changes arrive live.
 */
export function OrderDetails({ orderId }: { orderId: string }) {
  const { notification } = App.useApp();
  const order = useOrder(orderId);
  useLiveOrderDetails(orderId);

  useEffect(() => {
    if (order.isError) notification.error({ title: AdminText.error, description: AdminText.somethingWrong });
  }, [order.isError, notification]);

  if (order.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (order.isError) {
    return (
      <LoadError title={AdminText.somethingWrong} retryLabel={AdminText.tryAgain} onRetry={order.refetch} />
    );
  }
  return <OrderSections key={order.data._id} order={order.data} />;
}

/** The moderator of the newest attempt one reviewed: the history is oldest first. */
const reviewerOf = (order: StaffOrder) =>
  order.processing.findLast((step) => step.review?.email)?.review?.email ?? null;

function OrderSections({ order }: { order: StaffOrder }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Flex vertical gap="middle">
      <Card
        title={`${AdminOrdersUiText.order} ${order._id}`}
        extra={
          isCancellable(order.condition) && (
            <CancelOrderButton order={order} confirming={confirming} onConfirmingChange={setConfirming} />
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={AdminOrdersUiText.status}>
            <OrderStatusTag order={order} />
          </Descriptions.Item>
          <Descriptions.Item label={AdminOrdersUiText.createdAt}>
            {formatDay(order.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={AdminOrdersUiText.total}>{formatTokens(order.cost)}</Descriptions.Item>
          <Descriptions.Item label={AdminOrdersUiText.tip}>{tipText(order)}</Descriptions.Item>
          <Descriptions.Item label={AdminOrdersUiText.moderator}>
            {reviewerOf(order) ?? AdminOrdersUiText.none}
          </Descriptions.Item>
          <Descriptions.Item label={AdminOrdersUiText.clientMessage} span="filled">
            {/* As the client wrote it: their line breaks kept. */}
            <span style={{ whiteSpace: 'pre-line' }}>{order.message || AdminOrdersUiText.none}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <OrderPictures order={order} />
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap="middle">
            <ClientCard client={order.client} />
            <OrderPersons order={order} />
          </Flex>
        </Col>
      </Row>
      {!confirming && <ReviewHistory order={order} />}
      <ClientOrders clientId={order.client._id} currentOrderId={order._id} hidden={confirming} />
    </Flex>
  );
}
