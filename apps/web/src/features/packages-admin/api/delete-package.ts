import type { Product } from '@retouch/shared/payments';
import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/admin/product/{id}`. */
function deletePackage(id: string) {
  return apiRequest(`/api/admin/product/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageSchema,
  });
}

/** Deletes a package and drops it from the cached list. */
export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackage,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Product[]>(queryKeys.products, (list = []) =>
        list.filter((product) => product._id !== id),
      ),
  });
}
