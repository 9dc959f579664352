import type { AdminGroup, GroupBody } from '@retouch/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshCatalog } from '../hooks/use-refresh-catalog';

/** `POST /api/admin/services/group`: 201 with the new group; 409 at the group limit. */
function createGroup(body: GroupBody) {
  return apiRequest<AdminGroup>('/api/admin/services/group', { method: 'POST', body });
}

export function useCreateGroup() {
  const refreshCatalog = useRefreshCatalog();
  return useMutation({ mutationFn: createGroup, onSuccess: refreshCatalog });
}
