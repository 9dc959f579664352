import type { StaffOrder } from '@retouch/shared/dispatch';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/orders/order/{id}`: the whole order as staff see it. */
function getOrder(id: string, signal?: AbortSignal) {
  return apiRequest<StaffOrder>(`/api/admin/orders/order/${encodeURIComponent(id)}`, { signal });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: queryKeys.adminOrder(id), queryFn: ({ signal }) => getOrder(id, signal) });
}
