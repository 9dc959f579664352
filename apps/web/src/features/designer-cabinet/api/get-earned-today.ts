import type { AnalyticsRow } from '@retouch/shared/dispatch';
import { SocketEvent } from '@retouch/shared/realtime';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useReloadOn } from '@/lib/use-reload-on';

const NOT_FOUND = 404;

/**
 * `GET /api/analytics/user?startDate&endDate` for today: the first row's totalCost, 0 when the server
 * has no statistics for the day (404). Days are UTC days, as the server counts them.
 */
async function getEarnedToday(): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const query = new URLSearchParams({ startDate: today, endDate: today });
  try {
    const rows = await apiRequest<AnalyticsRow[]>(`/api/analytics/user?${query.toString()}`);
    return rows[0]?.totalCost ?? 0;
  } catch (error) {
    if (error instanceof ApiError && error.status === NOT_FOUND) return 0;
    throw error;
  }
}

/** Today's earnings, asked again whenever the server says an approval recorded the designer's pay. */
export function useEarnedToday() {
  useReloadOn(SocketEvent.earningsChanged, queryKeys.earnedToday);
  return useQuery({ queryKey: queryKeys.earnedToday, queryFn: getEarnedToday });
}
