import { adminOrdersPageSchema, type AdminOrdersPage, type SortByDate } from '@retouch/shared/admin-orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface OrdersTableQuery {
  limit: number;
  page: number;
  sortByDate: SortByDate;
  /** The client e-mail filtered by, if any. */
  email: string | null;
}

/** `GET /api/admin/orders/` with limit, page, sortByDate and email: a page of orders and the total. */
export function getOrders(query: OrdersTableQuery, signal?: AbortSignal) {
  const search = new URLSearchParams({
    limit: String(query.limit),
    page: String(query.page),
    sortByDate: query.sortByDate,
  });
  if (query.email) search.set('email', query.email);
  return apiRequest<AdminOrdersPage>(`/api/admin/orders/?${search}`, {
    schema: adminOrdersPageSchema,
    signal,
  });
}

/** A table page's key: the table's prefix and the query (the order's and client's keys share the prefix). */
export const ordersPageKey = (query: OrdersTableQuery) => [...queryKeys.adminOrders, query] as const;

/** Whether a query key is a table page's, not an order's or a client's list under the same prefix. */
export function isOrdersPageKey(queryKey: readonly unknown[]): boolean {
  return (
    queryKey.length === queryKeys.adminOrders.length + 1 &&
    queryKeys.adminOrders.every((part, index) => queryKey[index] === part) &&
    typeof queryKey.at(-1) === 'object'
  );
}

/** The page asked for; the previous page stays shown while the next one loads. */
export function useOrders(query: OrdersTableQuery) {
  return useQuery({
    queryKey: ordersPageKey(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}
