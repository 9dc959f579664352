import { queryKeys } from '@/lib/query-keys';
import type { RefusalReason } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Cache key of the refusal reasons (the list is public: designers choose from it too). */
/** `GET /api/orders/reason`: every refusal reason with its RU (admin) and EN (user) title. */
function getRefusalReasons() {
  return apiRequest<RefusalReason[]>('/api/orders/reason');
}

export function useRefusalReasons() {
  return useQuery({ queryKey: queryKeys.refusalReasons, queryFn: getRefusalReasons });
}
