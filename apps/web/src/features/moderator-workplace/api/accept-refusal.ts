import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/admin/orders/review/refuse/resolve`: agree with the designer's refusal; the customer is refunded. */
function acceptRefusal() {
  return apiRequest('/api/admin/orders/review/refuse/resolve', { method: 'POST', schema: messageSchema });
}

export function useAcceptRefusal() {
  return useMutation({ mutationFn: acceptRefusal });
}
