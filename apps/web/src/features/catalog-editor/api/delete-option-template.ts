import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/admin/services/optional-template/{id}`. */
function deleteOptionTemplate(id: string) {
  return apiRequest<{ message: string }>(`/api/admin/services/optional-template/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteOptionTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOptionTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.optionTemplates }),
  });
}
