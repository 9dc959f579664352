import { permissionListSchema } from '@retouch/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/permissions/user`: the current staff member's permission list. */
function getUserPermissions() {
  return apiRequest('/api/admin/permissions/user', { schema: permissionListSchema });
}

export function useUserPermissions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.userPermissions,
    queryFn: getUserPermissions,
    enabled,
    // A failed load stays failed until asked again: each screen that mounts must not start another.
    retryOnMount: false,
  });
}

/**
 * Back office section 6: "If permission loading fails, the status code is returned": the HTTP status of
 * the failed load, or null when no answer came (the network failed).
 */
export function permissionsLoadStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}
