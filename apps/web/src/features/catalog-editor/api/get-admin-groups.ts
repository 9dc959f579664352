import type { AdminGroup } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/services`: every group with its services and their options, inactive ones included. */
function getAdminGroups() {
  return apiRequest<AdminGroup[]>('/api/admin/services');
}

export function useAdminGroups() {
  return useQuery({ queryKey: queryKeys.adminGroups, queryFn: getAdminGroups });
}
