import { and, eq, gt, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { ReviewResult, analyticsQuerySchema, type AnalyticsRow } from '@retouch/shared/dispatch';
import type { Database } from '../../db/client';
import { orderProcessing, orders, shifts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';

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

/**
 * A designer's days between startDate and endDate (UTC, both days included): time on shift, approved
 * results and their pay, tips. Days without any of them are left out; none at all is a 404.
 */
export async function designerAnalytics(
  db: Database,
  userId: string,
  query: unknown,
  now: Date,
): Promise<AnalyticsRow[]> {
  const { startDate, endDate } = parseInput(analyticsQuerySchema, query);
  const from = new Date(`${dayOf(new Date(startDate))}T00:00:00.000Z`);
  const to = new Date(new Date(`${dayOf(new Date(endDate))}T00:00:00.000Z`).getTime() + DAY_MS);
  if (to <= from || to.getTime() - from.getTime() > MAX_DAYS * DAY_MS)
    throw AppError.badRequest(AnalyticsText.badRange);

  const [shiftRows, approved, tipped] = await Promise.all([
    db
      .select({ startedAt: shifts.startedAt, endedAt: shifts.endedAt })
      .from(shifts)
      .where(
        and(
          eq(shifts.userId, userId),
          lt(shifts.startedAt, to),
          or(isNull(shifts.endedAt), gt(shifts.endedAt, from)),
        ),
      ),
    db
      .select({ at: orderProcessing.reviewDateEnd, pay: orderProcessing.executorPay })
      .from(orderProcessing)
      .where(
        and(
          eq(orderProcessing.executorId, userId),
          eq(orderProcessing.reviewStatus, ReviewResult.approved),
          gte(orderProcessing.reviewDateEnd, from),
          lt(orderProcessing.reviewDateEnd, to),
        ),
      ),
    db
      .select({ orderId: orders.id, tip: orders.tip, at: orders.tippedAt })
      .from(orders)
      .where(
        and(
          eq(orders.tipExecutorId, userId),
          isNotNull(orders.tippedAt),
          gte(orders.tippedAt, from),
          lt(orders.tippedAt, to),
        ),
      ),
  ]);

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
  if (days.size === 0) throw AppError.notFound(AnalyticsText.notFound);
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}
