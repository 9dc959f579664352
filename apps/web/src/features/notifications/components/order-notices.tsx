import {
  NotificationText,
  ORDER_HISTORY_PATH,
  OrderNotice,
  OrderNoticeText,
  isAlerted,
  orderNoticeMessage,
  orderNoticeOf,
  type OrderNoticeKind,
} from '@retouch/shared/notifications';
import { SocketEvent, orderChangeSchema } from '@retouch/shared/realtime';
import { App, Button } from 'antd';
import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSocket } from '@/lib/socket-context';
import { useBrowserNotificationsChosen } from '../stores/browser-notifications';
import { notificationsAllowed, showSystemNotification } from '../utils/browser-notifications';

const NOTICE_TYPE: Record<OrderNoticeKind, 'success' | 'info' | 'warning'> = {
  [OrderNotice.resultReady]: 'success',
  [OrderNotice.refused]: 'warning',
  [OrderNotice.revisionDeclined]: 'warning',
  [OrderNotice.cancelled]: 'warning',
  [OrderNotice.designerFound]: 'info',
};
/** Seconds a notice stays: the news worth an e-mail stays longer. */
const ALERT_SECONDS = 12;
const NOTICE_SECONDS = 6;

/**
 * Tells the customer of their orders' news from `change orders` on any customer page: an in-app notice
 * with a way to the order history or, while the page is hidden and they chose browser notifications, a
 * system notification. The history page shows the change in its own table, so no notice there.
 */
export function OrderNotices({ userId }: { userId: string | undefined }) {
  const socket = useSocket();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const browserChosen = useBrowserNotificationsChosen();

  const onChange = useEffectEvent((payload: unknown) => {
    const change = orderChangeSchema.safeParse(payload);
    // Holders of lookOrders hear every customer's orders: only the user's own are news to them here.
    if (!change.success || !userId || change.data.customerId !== userId) return;
    const { orderId, from, condition } = change.data;
    const notice = orderNoticeOf(from, condition);
    if (!notice) return;
    if (
      document.visibilityState === 'hidden' &&
      browserChosen &&
      isAlerted(notice) &&
      notificationsAllowed()
    ) {
      showSystemNotification(orderNoticeMessage(orderId, notice)).catch((error: unknown) =>
        console.warn('The browser notification was not shown', error),
      );
      return;
    }
    if (pathname === ORDER_HISTORY_PATH) return;
    // One notice per order: a newer change replaces the older one.
    const key = `order-${orderId}`;
    const openHistory = () => {
      notification.destroy(key);
      void navigate(ORDER_HISTORY_PATH);
    };
    notification.open({
      key,
      type: NOTICE_TYPE[notice],
      title: OrderNoticeText[notice].title,
      description: OrderNoticeText[notice].body,
      actions: (
        <Button type="primary" size="small" onClick={openHistory}>
          {NotificationText.openHistory}
        </Button>
      ),
      duration: isAlerted(notice) ? ALERT_SECONDS : NOTICE_SECONDS,
      // News the customer waited for, not an error: read out politely.
      role: 'status',
    });
  });

  useEffect(() => {
    if (!socket) return;
    socket.on(SocketEvent.changeOrders, onChange);
    return () => {
      socket.off(SocketEvent.changeOrders, onChange);
    };
  }, [socket]);

  return null;
}
