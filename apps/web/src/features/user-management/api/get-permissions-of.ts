import { userPermissionsSchema } from '@retouch/shared/admin-users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/permissions/user/{userId}`: the user's nine signs, custom flag and role. */
function getPermissionsOf(userId: string) {
  return apiRequest(`/api/admin/permissions/user/${encodeURIComponent(userId)}`, {
    schema: userPermissionsSchema,
  });
}

export function usePermissionsOf(userId: string) {
  return useQuery({ queryKey: queryKeys.permissionsOf(userId), queryFn: () => getPermissionsOf(userId) });
}
