import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/orders/refusal/{id}` {message}: asks for a revision of a delivered order. */
export function requestRevision({ orderId, message }: { orderId: string; message: string }) {
  return apiRequest(`/api/orders/refusal/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: { message },
    schema: messageSchema,
  });
}

/** Sends a revision request, then reloads the orders (the order is in work again). */
export function useRequestRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRevision,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userOrders }),
  });
}
