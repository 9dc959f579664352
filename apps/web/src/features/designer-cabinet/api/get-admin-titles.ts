import type { AdminGroup, Degree } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/services` (editServices): the catalogue with its admin (Russian) titles. */
export function getAdminGroups() {
  return apiRequest<AdminGroup[]>('/api/admin/services');
}

/** `GET /api/admin/services/degree` (editServices). */
export function getDegrees() {
  return apiRequest<Degree[]>('/api/admin/services/degree');
}

/** The admin title of every group, service, option and degree, by id. */
function adminTitlesOf(groups: readonly AdminGroup[], degrees: readonly Degree[]): Map<string, string> {
  const titles = new Map<string, string>();
  for (const group of groups) {
    titles.set(group._id, group.title.admin);
    for (const service of group.list) {
      titles.set(service._id, service.title.admin);
      for (const option of service.optional) titles.set(option._id, option.title.admin);
    }
  }
  for (const degree of degrees) titles.set(degree._id, degree.title.admin);
  return titles;
}

/**
 * The catalogue's Russian titles for the back office, where the staff member may read them: the public
 * catalogue a designer reads has the customers' English titles only, and the admin one needs
 * editServices. Without it (`enabled` false) the map stays empty.
 */
export function useAdminTitles(enabled: boolean) {
  const groups = useQuery({ queryKey: queryKeys.adminGroups, queryFn: getAdminGroups, enabled });
  const degrees = useQuery({ queryKey: queryKeys.degrees, queryFn: getDegrees, enabled });
  const titles = useMemo(
    () => adminTitlesOf(groups.data ?? [], degrees.data ?? []),
    [groups.data, degrees.data],
  );
  return { titles, isPending: enabled && (groups.isPending || degrees.isPending) };
}
