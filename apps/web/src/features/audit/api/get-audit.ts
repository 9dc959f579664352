import type { AuditPage, AuditTargetValue } from '@retouch/shared/audit';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@retouch/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Which entries a table shows: all of them, one kind of target, or one target. */
export interface AuditFilter {
  targetType?: AuditTargetValue;
  targetId?: string;
}

/** `GET /api/admin/audit` (lookUsers): a page of 20 entries, newest first, and the number of all that match. */
function getAudit(filter: AuditFilter, page: number, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: String(page), limit: String(DEFAULT_ADMIN_PAGE_SIZE) });
  if (filter.targetType) search.set('targetType', filter.targetType);
  if (filter.targetId) search.set('targetId', filter.targetId);
  return apiRequest<AuditPage>(`/api/admin/audit?${search}`, { signal });
}

/**
 * The page asked for; the previous page stays shown while the next one loads. Read again on every
 * mount: the actions it lists are made on other screens, whose saves do not know about this list.
 */
export function useAudit(filter: AuditFilter, page: number) {
  return useQuery({
    queryKey: [...queryKeys.audit, { ...filter, page }],
    queryFn: ({ signal }) => getAudit(filter, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
