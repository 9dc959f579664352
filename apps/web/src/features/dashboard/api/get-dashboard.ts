import { dashboardSchema, type Dashboard } from '@retouch/shared/dashboard';
import { SocketEvent } from '@retouch/shared/realtime';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useReloadOn } from '@/lib/use-reload-on';

/** How often the figures are read again while the page is open, besides every change of an order. */
const DASHBOARD_REFRESH_MS = 60_000;

/** `GET /api/admin/dashboard` (lookOrders). */
function getDashboard(): Promise<Dashboard> {
  return apiRequest('/api/admin/dashboard', { schema: dashboardSchema });
}

/** The dashboard's figures, read again every minute and whenever an order changes. */
export function useDashboard() {
  useReloadOn(SocketEvent.changeOrders, queryKeys.dashboard);
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: getDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
