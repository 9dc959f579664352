import type { HistoryQuery } from '../api/get-user-orders';

/** The list query asked for next: a new page size or date sort starts again from the first page. */
export function nextHistoryQuery(current: HistoryQuery, wanted: HistoryQuery): HistoryQuery {
  const restart = wanted.limit !== current.limit || wanted.sortByDate !== current.sortByDate;
  return { ...wanted, page: restart ? 1 : wanted.page };
}
