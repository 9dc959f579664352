import type { AdminGroup, GroupBody } from '@retouch/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';

interface UpdateGroupInput {
  id: string;
  body: GroupBody;
}

/** `PATCH /api/admin/services/group/{id}`: titles and status. */
function updateGroup({ id, body }: UpdateGroupInput) {
  return apiRequest<AdminGroup>(`/api/admin/services/group/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

export function useUpdateGroup() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: updateGroup, onSuccess: refreshCatalog });
}
