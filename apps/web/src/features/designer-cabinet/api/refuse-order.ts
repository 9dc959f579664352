import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/admin/orders/executor/refuse` {_id}: the refusal, with its reason, goes to review. */
function refuseOrder(reasonId: string) {
  return apiRequest('/api/admin/orders/executor/refuse', {
    method: 'POST',
    body: { _id: reasonId },
    schema: messageSchema,
  });
}

export function useRefuseOrder() {
  return useMutation({ mutationFn: refuseOrder });
}
