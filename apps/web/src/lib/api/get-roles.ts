import { roleListSchema } from '@retouch/shared/admin-users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/permissions/role`: every role with its nine permissions. */
function getRoles() {
  return apiRequest('/api/admin/permissions/role', { schema: roleListSchema });
}

export function useRoles() {
  return useQuery({ queryKey: queryKeys.roles, queryFn: getRoles });
}
