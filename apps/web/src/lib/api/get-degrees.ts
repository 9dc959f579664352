import type { Degree } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/services/degree`: every degree of action. */
function getDegrees() {
  return apiRequest<Degree[]>('/api/admin/services/degree');
}

export function useDegrees() {
  return useQuery({ queryKey: queryKeys.degrees, queryFn: getDegrees });
}
