import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSendAttempt } from '@/lib/send-attempt';

export interface LeaveTipInput {
  orderId: string;
  amount: number;
}

/** `POST /api/orders/order/{id}/tip` {data:{amount}}: answers a message. */
function leaveTip({ orderId, amount }: LeaveTipInput, idempotencyKey?: string) {
  return apiRequest(`/api/orders/order/${encodeURIComponent(orderId)}/tip`, {
    method: 'POST',
    body: { data: { amount } },
    schema: messageSchema,
    idempotencyKey,
  });
}

/**
 * Leaves a tip, then reloads the orders (the tip shows) and the user (the balance fell). The same tip sent
 * again after no answer carries the same Idempotency-Key: the customer pays it once.
 */
export function useLeaveTip() {
  const queryClient = useQueryClient();
  const attempt = useSendAttempt();
  return useMutation({
    mutationFn: (input: LeaveTipInput) =>
      attempt.send([input.orderId, input.amount], (key) => leaveTip(input, key)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.userOrders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
      ]);
    },
  });
}
