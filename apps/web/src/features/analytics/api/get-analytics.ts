import type { AnalyticsRow } from '@retouch/shared/dispatch';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DayRange } from '../utils/range';

export interface AnalyticsQuery extends DayRange {
  /** Another staff member (needs lookUsers); null for one's own days. */
  userId: string | null;
}

/** The cache key of one user's range; `own` stands for the current user. */
export const analyticsKey = ({ userId, startDate, endDate }: AnalyticsQuery) =>
  [...queryKeys.analytics, userId ?? 'own', startDate, endDate] as const;

/** `GET /api/analytics/user[/{userId}]?startDate&endDate`: one row per active day; 404 when there is none. */
function getAnalytics({ userId, startDate, endDate }: AnalyticsQuery): Promise<AnalyticsRow[]> {
  const path = userId ? `/api/analytics/user/${encodeURIComponent(userId)}` : '/api/analytics/user';
  const query = new URLSearchParams({ startDate, endDate });
  return apiRequest<AnalyticsRow[]>(`${path}?${query.toString()}`);
}

export function useAnalytics(query: AnalyticsQuery) {
  return useQuery({ queryKey: analyticsKey(query), queryFn: () => getAnalytics(query) });
}
