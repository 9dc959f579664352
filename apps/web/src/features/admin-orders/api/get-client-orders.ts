import { CLIENT_ORDERS_LIMIT, clientOrdersSchema } from '@retouch/shared/admin-orders';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/orders/user/{clientId}?limit=41`: the client's newest orders. */
function getClientOrders(clientId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/orders/user/${encodeURIComponent(clientId)}?limit=${CLIENT_ORDERS_LIMIT}`, {
    schema: clientOrdersSchema,
    signal,
  });
}

/** The client's orders other than `currentOrderId` (back office section 2). */
export function useClientOrders(clientId: string, currentOrderId: string) {
  return useQuery({
    queryKey: queryKeys.clientOrders(clientId),
    queryFn: ({ signal }) => getClientOrders(clientId, signal),
    select: ({ orders }) => orders.filter((order) => order._id !== currentOrderId),
  });
}
