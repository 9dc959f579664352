import type { SortByDate } from '@retouch/shared/admin-orders';
import { ADMIN_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE } from '@retouch/shared/constants';
import type { OrdersTableQuery } from '../api/get-orders';

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/** The table's query kept in the address (so coming back from an order's details keeps it); defaults left out. */
export function readTableQuery(search: URLSearchParams): OrdersTableQuery {
  const limit = positive(search.get('limit'), DEFAULT_ADMIN_PAGE_SIZE);
  const sortByDate: SortByDate = search.get('sortByDate') === 'ASC' ? 'ASC' : 'DESC';
  return {
    limit: (ADMIN_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_ADMIN_PAGE_SIZE,
    page: positive(search.get('page'), 1),
    sortByDate,
    email: search.get('email') || null,
  };
}

export function writeTableQuery(query: OrdersTableQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.page !== 1) search.set('page', String(query.page));
  if (query.limit !== DEFAULT_ADMIN_PAGE_SIZE) search.set('limit', String(query.limit));
  if (query.sortByDate !== 'DESC') search.set('sortByDate', query.sortByDate);
  if (query.email) search.set('email', query.email);
  return search;
}
