import { cancelOrderAnswerSchema } from '@retouch/shared/admin-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/admin/orders/order/{id}/cancel`: cancel by staff; the tokens go back to the client. */
function cancelOrder(id: string) {
  return apiRequest(`/api/admin/orders/order/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    schema: cancelOrderAnswerSchema,
  });
}

/** Cancels the order, then reloads what it changed: the order, the table, the client's orders and balance. */
export function useCancelOrder(order: { _id: string; client: { _id: string } }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(order._id),
    // The table's key prefixes the order's and the client's orders' keys: one call reloads all three.
    onSuccess: () =>
      Promise.all(
        [queryKeys.adminOrders, queryKeys.adminUserInfo(order.client._id)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
