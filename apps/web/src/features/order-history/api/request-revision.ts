import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSendAttempt } from '@/lib/send-attempt';

export interface RequestRevisionInput {
  orderId: string;
  message: string;
}

/** `POST /api/orders/refusal/{id}` {message}: asks for a revision of a delivered order. */
function requestRevision({ orderId, message }: RequestRevisionInput, idempotencyKey?: string) {
  return apiRequest(`/api/orders/refusal/${encodeURIComponent(orderId)}`, {
    method: 'POST',
    body: { message },
    schema: messageSchema,
    idempotencyKey,
  });
}

/**
 * Sends a revision request, then reloads the orders (the order is in work again). The same request sent
 * again after no answer carries the same Idempotency-Key: it is recorded once.
 */
export function useRequestRevision() {
  const queryClient = useQueryClient();
  const attempt = useSendAttempt();
  return useMutation({
    mutationFn: (input: RequestRevisionInput) =>
      attempt.send([input.orderId, input.message], (key) => requestRevision(input, key)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userOrders }),
  });
}
