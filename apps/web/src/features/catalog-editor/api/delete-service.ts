import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';

/** `DELETE /api/admin/services/list/{id}`. */
function deleteService(id: string) {
  return apiRequest<{ message: string }>(`/api/admin/services/list/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteService() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: deleteService, onSuccess: refreshCatalog });
}
