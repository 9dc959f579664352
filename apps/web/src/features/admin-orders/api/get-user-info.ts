import { adminUserInfoSchema } from '@retouch/shared/admin-orders';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/user/info/{clientId}`: the client with balance and role. */
function getUserInfo(clientId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/user/info/${encodeURIComponent(clientId)}`, {
    schema: adminUserInfoSchema,
    signal,
  });
}

export function useUserInfo(clientId: string) {
  return useQuery({
    queryKey: queryKeys.adminUserInfo(clientId),
    queryFn: ({ signal }) => getUserInfo(clientId, signal),
  });
}
