import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/admin/orders/review/refuse/rejection`: not agree; the order goes back to the designers' queue. */
function rejectRefusal() {
  return apiRequest('/api/admin/orders/review/refuse/rejection', { method: 'POST', schema: messageSchema });
}

export function useRejectRefusal() {
  return useMutation({ mutationFn: rejectRefusal });
}
