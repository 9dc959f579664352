import type { AnalyticsQuery } from './get-analytics';

/**
 * `GET /api/admin/analytics/export[/{userId}]?startDate&endDate`: the screen's days of the range (one's own,
 * or another staff member's with lookUsers) as a CSV download.
 */
export function analyticsExportUrl({ userId, startDate, endDate }: AnalyticsQuery): string {
  const path = userId
    ? `/api/admin/analytics/export/${encodeURIComponent(userId)}`
    : '/api/admin/analytics/export';
  return `${path}?${new URLSearchParams({ startDate, endDate })}`;
}
