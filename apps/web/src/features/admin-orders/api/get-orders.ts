import {
  adminOrdersPageSchema,
  type AdminOrdersPage,
  type OrderTableStatus,
  type SortByDate,
} from '@retouch/shared/admin-orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface OrdersTableQuery {
  limit: number;
  page: number;
  sortByDate: SortByDate;
  /** The client e-mail filtered by, if any. */
  email: string | null;
  /** Statuses kept, in the table's order; none keeps every status. */
  status: OrderTableStatus[];
  /** First and last day of creation kept (YYYY-MM-DD, the staff member's days), if any. */
  dateFrom: string | null;
  dateTo: string | null;
}

/**
 * The filters as the server reads them: statuses comma-separated, and the picked days as instants of
 * this browser's time zone, from the first day's midnight to the midnight after the last day.
 */
function filterParams(query: OrdersTableQuery): URLSearchParams {
  const search = new URLSearchParams({ sortByDate: query.sortByDate });
  if (query.email) search.set('email', query.email);
  if (query.status.length > 0) search.set('status', query.status.join(','));
  if (query.dateFrom) search.set('createdFrom', dayjs(query.dateFrom).startOf('day').toISOString());
  if (query.dateTo)
    search.set('createdBefore', dayjs(query.dateTo).add(1, 'day').startOf('day').toISOString());
  return search;
}

/** `GET /api/admin/orders/` with limit, page, sortByDate, email and the filters: a page of orders and the total. */
function getOrders(query: OrdersTableQuery, signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: String(query.limit), page: String(query.page) });
  for (const [name, value] of filterParams(query)) search.set(name, value);
  return apiRequest<AdminOrdersPage>(`/api/admin/orders/?${search}`, {
    schema: adminOrdersPageSchema,
    signal,
  });
}

/** `GET /api/admin/orders/export`: every order the table's filters keep, in its order, as a CSV download. */
export const ordersExportUrl = (query: OrdersTableQuery) => `/api/admin/orders/export?${filterParams(query)}`;

/** A table page's key: the table's prefix and the query (the order's and client's keys share the prefix). */
const ordersPageKey = (query: OrdersTableQuery) => [...queryKeys.adminOrders, query] as const;

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
