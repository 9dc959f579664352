import { overloadSchema } from '@retouch/shared/orders';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/system/order/overload`: `{status}`, true while work may be delayed. */
function getOverload() {
  return apiRequest('/api/system/order/overload', { schema: overloadSchema });
}

export function useOverload() {
  return useQuery({ queryKey: queryKeys.orderOverload, queryFn: getOverload });
}
