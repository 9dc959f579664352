import type { RefusalReason } from '@retouch/shared/catalog';
import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/admin/orders/reason/{id}`. */
function deleteRefusalReason(id: string) {
  return apiRequest(`/api/admin/orders/reason/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageSchema,
  });
}

/** Deletes a reason and drops it from the cached list. */
export function useDeleteRefusalReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRefusalReason,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<RefusalReason[]>(queryKeys.refusalReasons, (list = []) =>
        list.filter((reason) => reason._id !== id),
      ),
  });
}
