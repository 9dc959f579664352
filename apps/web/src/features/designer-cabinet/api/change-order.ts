import type { ChangeOrderAnswer, ChangeOrderBody } from '@retouch/shared/dispatch';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `PATCH /api/admin/orders/executor/change/order` {persons}: every person's entries, old and new. */
function changeOrder(body: ChangeOrderBody) {
  return apiRequest<ChangeOrderAnswer>('/api/admin/orders/executor/change/order', {
    method: 'PATCH',
    body,
  });
}

export function useChangeOrder() {
  return useMutation({ mutationFn: changeOrder });
}
