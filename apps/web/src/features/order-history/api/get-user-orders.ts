import { isInGroup } from '@retouch/shared/order-flow';
import { historyPageSchema } from '@retouch/shared/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ETA_REFRESH_MS } from '@/components/order-eta/get-new-order-eta';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { HistoryOrder } from '@retouch/shared/orders';

export type DateSort = 'ASC' | 'DESC';

export interface HistoryQuery {
  page: number;
  limit: number;
  sortByDate?: DateSort;
}

/** `GET /api/orders/user/?limit&page&sortByDate`: one page of the customer's orders and their total. */
function getUserOrders({ page, limit, sortByDate }: HistoryQuery) {
  const search = new URLSearchParams({ limit: String(limit), page: String(page) });
  if (sortByDate) search.set('sortByDate', sortByDate);
  return apiRequest(`/api/orders/user/?${search}`, { schema: historyPageSchema });
}

export function useUserOrders(query: HistoryQuery) {
  return useQuery({
    queryKey: [...queryKeys.userOrders, query],
    queryFn: () => getUserOrders(query),
    // The table keeps the current page while the next one loads.
    placeholderData: keepPreviousData,
    // The queue moves with other people's orders too: estimates are asked again while one is awaited.
    refetchInterval: (current) =>
      current.state.data?.orders.some((order) => isInGroup('awaitingResult', order.condition))
        ? ETA_REFRESH_MS
        : false,
  });
}
