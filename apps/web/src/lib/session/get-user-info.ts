import { userInfoSchema, type UserInfo } from '@retouch/shared/users';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { clearSessionFlags } from './session-flags';

const UNAUTHORIZED = 401;

/** `GET /api/user/info`; null when the session has ended on the server, which also ends it here. */
async function getUserInfo(): Promise<UserInfo | null> {
  try {
    return await apiRequest('/api/user/info', { schema: userInfoSchema });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== UNAUTHORIZED) throw error;
    clearSessionFlags();
    return null;
  }
}

export function useUserInfo(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.userInfo, queryFn: getUserInfo, enabled });
}
