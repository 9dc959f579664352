import type { OptionTemplate } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/services/optional-template`: the presets an option form can be filled from. */
function getOptionTemplates() {
  return apiRequest<OptionTemplate[]>('/api/admin/services/optional-template');
}

export function useOptionTemplates() {
  return useQuery({ queryKey: queryKeys.optionTemplates, queryFn: getOptionTemplates });
}
