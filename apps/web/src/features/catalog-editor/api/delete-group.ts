import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';

/** `DELETE /api/admin/services/group/{id}`. */
function deleteGroup(id: string) {
  return apiRequest<{ message: string }>(`/api/admin/services/group/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteGroup() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: deleteGroup, onSuccess: refreshCatalog });
}
