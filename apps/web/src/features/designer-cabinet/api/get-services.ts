import type { PublicGroup } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/services`: the public catalogue. A designer reads this one: the admin catalogue needs
 * editServices, which the Designer role does not hold.
 */
function getServices() {
  return apiRequest<PublicGroup[]>('/api/services');
}

export function useServices(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.publicServices, queryFn: getServices, enabled });
}
