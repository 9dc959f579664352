import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/orders/order/{id}/tip` {data:{amount}}: answers a message. */
export function leaveTip({ orderId, amount }: { orderId: string; amount: number }) {
  return apiRequest(`/api/orders/order/${encodeURIComponent(orderId)}/tip`, {
    method: 'POST',
    body: { data: { amount } },
    schema: messageSchema,
  });
}

/** Leaves a tip, then reloads the orders (the tip shows) and the user (the balance fell). */
export function useLeaveTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTip,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.userOrders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
      ]);
    },
  });
}
