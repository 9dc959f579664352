import { messageSchema } from '@retouch/shared/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/admin/orders/review/completed/resolve`: the designer's result is approved and delivered. */
function approveResult() {
  return apiRequest('/api/admin/orders/review/completed/resolve', { method: 'POST', schema: messageSchema });
}

export function useApproveResult() {
  return useMutation({ mutationFn: approveResult });
}
