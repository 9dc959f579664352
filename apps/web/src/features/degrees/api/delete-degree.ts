import type { Degree } from '@retouch/shared/catalog';
import { messageSchema } from '@retouch/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/admin/services/degree/{id}`; the server refuses the default degree with 409. */
function deleteDegree(id: string) {
  return apiRequest(`/api/admin/services/degree/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageSchema,
  });
}

/** Deletes a degree and drops it from the cached list. */
export function useDeleteDegree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDegree,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Degree[]>(queryKeys.degrees, (list = []) => list.filter((d) => d._id !== id)),
  });
}
