import { queryKeys } from '@/lib/query-keys';
import type { PublicGroup } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Cache key of the public catalogue (the retouch editor reads the same list). */
/** `GET /api/services`: active groups with their active services, user-language texts only. */
function getPublicServices() {
  return apiRequest<PublicGroup[]>('/api/services');
}

export function usePublicServices() {
  return useQuery({ queryKey: queryKeys.publicServices, queryFn: getPublicServices });
}
