import type { RefusalReason } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/orders/reason`: every refusal reason with its RU (admin) and EN (user) title. */
function getRefusalReasons() {
  return apiRequest<RefusalReason[]>('/api/orders/reason');
}

export function useRefusalReasons() {
  return useQuery({ queryKey: queryKeys.refusalReasons, queryFn: getRefusalReasons });
}
