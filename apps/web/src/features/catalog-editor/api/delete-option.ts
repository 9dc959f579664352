import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';

/** `DELETE /api/admin/services/optional/{id}`. */
function deleteOption(id: string) {
  return apiRequest<{ message: string }>(`/api/admin/services/optional/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteOption() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: deleteOption, onSuccess: refreshCatalog });
}
