import { ORDER_TABLE_STATUSES, type SortByDate } from '@retouch/shared/admin-orders';
import { ADMIN_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE } from '@retouch/shared/constants';
import dayjs from 'dayjs';
import type { OrdersTableQuery } from '../api/get-orders';

/** The address's day format (YYYY-MM-DD). */
export const URL_DAY_FORMAT = 'YYYY-MM-DD';

/** A real day written as YYYY-MM-DD, or null. */
const day = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(URL_DAY_FORMAT) === value ? value : null;

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/**
 * The table's query kept in the address (so a reload, a shared link or coming back from an order's details
 * keeps it, filters included); defaults left out.
 */
export function readTableQuery(search: URLSearchParams): OrdersTableQuery {
  const limit = positive(search.get('limit'), DEFAULT_ADMIN_PAGE_SIZE);
  const sortByDate: SortByDate = search.get('sortByDate') === 'ASC' ? 'ASC' : 'DESC';
  const [dateFrom, dateTo] = [day(search.get('dateFrom')), day(search.get('dateTo'))];
  // A hand-edited link with the days the wrong way round means the same days.
  const reversed = dateFrom !== null && dateTo !== null && dateFrom > dateTo;
  return {
    limit: (ADMIN_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_ADMIN_PAGE_SIZE,
    page: positive(search.get('page'), 1),
    sortByDate,
    email: search.get('email') || null,
    // Unknown statuses (an old or edited link) are dropped; the rest in the table's order.
    status: ORDER_TABLE_STATUSES.filter((status) => (search.get('status') ?? '').split(',').includes(status)),
    dateFrom: reversed ? dateTo : dateFrom,
    dateTo: reversed ? dateFrom : dateTo,
  };
}

export function writeTableQuery(query: OrdersTableQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.page !== 1) search.set('page', String(query.page));
  if (query.limit !== DEFAULT_ADMIN_PAGE_SIZE) search.set('limit', String(query.limit));
  if (query.sortByDate !== 'DESC') search.set('sortByDate', query.sortByDate);
  if (query.email) search.set('email', query.email);
  if (query.status.length > 0) search.set('status', query.status.join(','));
  if (query.dateFrom) search.set('dateFrom', query.dateFrom);
  if (query.dateTo) search.set('dateTo', query.dateTo);
  return search;
}
