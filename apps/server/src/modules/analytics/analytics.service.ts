import type { z } from 'zod';
import { type analyticsQuerySchema, type AnalyticsRow } from '@retouch/shared/dispatch';
import type { Database } from '../../db/client';
import {
  findApprovedAttempts,
  findShiftsOverlapping,
  findTipsReceived,
  type Range,
} from './analytics.repository';
import { AppError } from '../../lib/app-error';
import { csvStream, type CsvColumn } from '../../lib/csv-export';

/** The asked days, as the route parsed them. */
type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export const AnalyticsText = {
  notFound: 'Статистика не найдена',
  // Our wording: the specification gives none for a reversed or too long range.
  badRange: 'Неверный диапазон дат',
} as const;

/** Cents a tipped token is worth in the analytics totals (back-office section 9: 5 times the tips). */
export const TIP_CENTS_PER_TOKEN = 5;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest range one call may ask for. */
const MAX_DAYS = 400;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The asked days as [from, to): the first one's midnight to the one after the last (UTC); reversed or too long is a 400. */
function dayRange({ startDate, endDate }: AnalyticsQuery) {
  const from = new Date(`${dayOf(new Date(startDate))}T00:00:00.000Z`);
  const to = new Date(new Date(`${dayOf(new Date(endDate))}T00:00:00.000Z`).getTime() + DAY_MS);
  if (to <= from || to.getTime() - from.getTime() > MAX_DAYS * DAY_MS)
    throw AppError.badRequest(AnalyticsText.badRange);
  return { from, to };
}

/**
 * A designer's days between startDate and endDate (UTC, both days included): time on shift, approved
 * results and their pay, tips. Days without any of them are left out; none at all is a 404.
 */
export async function designerAnalytics(
  db: Database,
  userId: string,
  query: AnalyticsQuery,
  now: Date,
): Promise<AnalyticsRow[]> {
  const rows = await activeDays(db, userId, dayRange(query), now);
  if (rows.length === 0) throw AppError.notFound(AnalyticsText.notFound);
  return rows;
}

/** Header texts of the analytics export: the screen's columns; shift time in minutes, tips in dollars. */
export const AnalyticsCsvHeader = {
  date: 'Дата',
  shiftMinutes: 'Время на смене (мин)',
  ordersCount: 'Заказы',
  totalCost: 'Заработано (токены)',
  tips: 'Чаевые ($)',
  totalTips: 'Всего чаевых ($)',
} as const;

/** Cents (analytics tips, back-office section 9) as dollars, as the screen shows them: 160 -> "1.60". */
const dollars = (cents: number) => (cents / 100).toFixed(2);

const analyticsCsvColumns: CsvColumn<AnalyticsRow>[] = [
  { header: AnalyticsCsvHeader.date, cell: (row) => row.date },
  { header: AnalyticsCsvHeader.shiftMinutes, cell: (row) => Math.floor(row.shiftTime / 60_000) },
  { header: AnalyticsCsvHeader.ordersCount, cell: (row) => row.ordersCount },
  { header: AnalyticsCsvHeader.totalCost, cell: (row) => row.totalCost },
  { header: AnalyticsCsvHeader.tips, cell: (row) => row.tips.map(({ tip }) => dollars(tip)).join('; ') },
  { header: AnalyticsCsvHeader.totalTips, cell: (row) => dollars(row.totalTips) },
];

/**
 * `GET /api/admin/analytics/export[/{userId}]`: the analytics screen's days of the range as CSV. The range
 * is checked first (a 400 like the screen's call); a range without activity gives the header alone, where
 * the screen says 404. At most 400 days, so the rows are computed as the screen's are, then written.
 */
export async function exportAnalytics(db: Database, userId: string, query: AnalyticsQuery, now: Date) {
  const range = dayRange(query);
  const rows = await activeDays(db, userId, range, now);
  const lastDay = dayOf(new Date(range.to.getTime() - DAY_MS));
  return {
    filename: `analytics-${dayOf(range.from)}-${lastDay}.csv`,
    stream: csvStream(rows, analyticsCsvColumns),
  };
}

/** The days of [from, to) with any activity of the designer, in order. */
async function activeDays(db: Database, userId: string, range: Range, now: Date): Promise<AnalyticsRow[]> {
  const [shiftRows, approved, tipped] = await Promise.all([
    findShiftsOverlapping(db, userId, range),
    findApprovedAttempts(db, userId, range),
    findTipsReceived(db, userId, range),
  ]);
  const { from, to } = range;

  const days = new Map<string, AnalyticsRow>();
  const rowOf = (date: string) => {
    let row = days.get(date);
    if (!row) {
      row = { date, shiftTime: 0, ordersCount: 0, totalCost: 0, tips: [], totalTips: 0 };
      days.set(date, row);
    }
    return row;
  };
  for (const shift of shiftRows) {
    const end = Math.min((shift.endedAt ?? now).getTime(), to.getTime());
    for (let start = Math.max(shift.startedAt.getTime(), from.getTime()); start < end;) {
      const dayEnd = Math.min(end, new Date(`${dayOf(new Date(start))}T00:00:00.000Z`).getTime() + DAY_MS);
      rowOf(dayOf(new Date(start))).shiftTime += dayEnd - start;
      start = dayEnd;
    }
  }
  for (const result of approved) {
    const row = rowOf(dayOf(result.at!));
    row.ordersCount += 1;
    row.totalCost += result.pay ?? 0;
  }
  for (const tip of tipped) {
    const row = rowOf(dayOf(tip.at!));
    row.tips.push({ orderId: tip.orderId, tip: tip.tip });
    row.totalTips += tip.tip * TIP_CENTS_PER_TOKEN;
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
