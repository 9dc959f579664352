import { systemSettingsAnswerSchema, type SystemSetting } from '@retouch/shared/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/system/settings`: the list sits in the answer's `data`. */
async function getSystemSettings(): Promise<SystemSetting[]> {
  const answer = await apiRequest('/api/admin/system/settings', { schema: systemSettingsAnswerSchema });
  return answer.data;
}

export function useSystemSettings() {
  return useQuery({ queryKey: queryKeys.systemSettings, queryFn: getSystemSettings });
}
