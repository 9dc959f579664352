import {
  orderEventSchema,
  type AdminOrderRow,
  type AdminOrdersPage,
  type ClientOrders,
} from '@retouch/shared/admin-orders';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { hasPermission, PermissionSign } from '@retouch/shared/permissions';
import { SocketEvent } from '@retouch/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session/use-session';
import { useSocket } from '@/lib/socket-context';
import { isOrdersPageKey, type OrdersTableQuery } from '../api/get-orders';

type OrderEventName = typeof SocketEvent.newOrder | typeof SocketEvent.changeOrders;

/**
 * Calls `onEvent` with the order of each `new order` and `change orders` event on the app's socket. Only a
 * holder of lookOrders listens: the server sends these to their room alone, and only they open these screens.
 */
function useOrderEvents(onEvent: (event: OrderEventName, orderId: string) => void) {
  const socket = useSocket();
  const { permissions } = useSession();
  const allowed = hasPermission(permissions, PermissionSign.lookOrders);
  const handle = useEffectEvent(onEvent);

  useEffect(() => {
    if (!socket || !allowed) return;
    const listen = (event: OrderEventName) => (payload: unknown) => {
      const parsed = orderEventSchema.safeParse(payload);
      if (parsed.success) handle(event, parsed.data.orderId);
    };
    const onNewOrder = listen(SocketEvent.newOrder);
    const onChangeOrders = listen(SocketEvent.changeOrders);
    socket.on(SocketEvent.newOrder, onNewOrder);
    socket.on(SocketEvent.changeOrders, onChangeOrders);
    return () => {
      socket.off(SocketEvent.newOrder, onNewOrder);
      socket.off(SocketEvent.changeOrders, onChangeOrders);
    };
  }, [socket, allowed]);
}

const holds = (orders: readonly AdminOrderRow[] | undefined, orderId: string) =>
  orders?.some((order) => order._id === orderId) ?? false;

/** Whether a table page keeps some statuses only: a changed order may join it without being on it. */
const filtersByStatus = (queryKey: readonly unknown[]) =>
  ((queryKey.at(-1) as Partial<OrdersTableQuery>).status?.length ?? 0) > 0;

/**
 * Keeps the orders table live: a new order reloads the pages (it joins page 1 of the newest first, and
 * every total); a changed order reloads the pages that show it, and those filtered by status, which it may
 * join or leave. Only the page on screen refetches.
 */
export function useLiveOrdersTable() {
  const queryClient = useQueryClient();
  useOrderEvents((event, orderId) => {
    void queryClient.invalidateQueries({
      predicate: ({ queryKey, state }) =>
        isOrdersPageKey(queryKey) &&
        (event === SocketEvent.newOrder ||
          filtersByStatus(queryKey) ||
          holds((state.data as AdminOrdersPage | undefined)?.orders, orderId)),
    });
  });
}

/**
 * Keeps an order's details live: its own change reloads the order and its client's balance (a refund, a
 * tip); a change of another order in the client's list reloads that list. Other orders' events load nothing.
 */
export function useLiveOrderDetails(openOrderId: string) {
  const queryClient = useQueryClient();
  useOrderEvents((event, orderId) => {
    if (event !== SocketEvent.changeOrders) return;
    const clientId = queryClient.getQueryData<StaffOrder>(queryKeys.adminOrder(openOrderId))?.client._id;
    if (orderId === openOrderId) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminOrder(openOrderId), exact: true });
      if (clientId) void queryClient.invalidateQueries({ queryKey: queryKeys.adminUserInfo(clientId) });
      return;
    }
    if (!clientId) return;
    const clientOrders = queryClient.getQueryData<ClientOrders>(queryKeys.clientOrders(clientId));
    if (holds(clientOrders?.orders, orderId)) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clientOrders(clientId), exact: true });
    }
  });
}
