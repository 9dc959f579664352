import { permissionListSchema } from '@retouch/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/permissions/user`: the current staff member's permission list. */
function getUserPermissions() {
  return apiRequest('/api/admin/permissions/user', { schema: permissionListSchema });
}

export function useUserPermissions(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.userPermissions, queryFn: getUserPermissions, enabled });
}
