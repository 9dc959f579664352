import type { CatalogTitles } from '@retouch/shared/catalog';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/services/titles` (cabinetDesigner): the catalogue's Russian titles by id. */
function getCatalogTitles() {
  return apiRequest<CatalogTitles>('/api/admin/services/titles');
}

/**
 * The catalogue's Russian titles for the back office: the public catalogue a designer reads has the
 * customers' English titles only. Until they arrive (or if they cannot be read) the map is empty.
 */
export function useAdminTitles() {
  const titles = useQuery({ queryKey: queryKeys.catalogTitles, queryFn: getCatalogTitles });
  const byId = useMemo(() => new Map(Object.entries(titles.data ?? {})), [titles.data]);
  return { titles: byId, isPending: titles.isPending };
}
