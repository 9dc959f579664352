import { and, count, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DashboardDay } from '@retouch/shared/dashboard';
import { ReviewResult } from '@retouch/shared/dispatch';
import { ConditionGroup } from '@retouch/shared/order-flow';
import type { Executor } from '../../db/client';
import {
  DispatchQueue,
  LedgerReason,
  dispatchWaiters,
  orderProcessing,
  orders,
  tokenLedger,
} from '../../db/schema/index';

/** A span of time, from included to `to` excluded. */
export interface Span {
  from: Date;
  to: Date;
}

const AWAITING_RESULT = [...ConditionGroup.awaitingResult];
const ORDER_PAYMENTS = [LedgerReason.orderCharge, LedgerReason.orderRefund];

const DAY_MS = 24 * 60 * 60 * 1000;

const within = (column: AnyPgColumn, { from, to }: Span) => and(gte(column, from), lt(column, to));
/** A timestamp's UTC day, whatever the session's time zone. */
const utcDay = (column: AnyPgColumn) => sql`(${column} at time zone 'UTC')::date`;
/** Tokens customers gave through the ledger rows (those matching `filter`): they are debited, so minus the sum. */
const tokensGiven = (filter?: SQL) =>
  sql`0 - coalesce(sum(${tokenLedger.deltaMain} + ${tokenLedger.deltaBonus})${filter ? sql` filter (where ${filter})` : sql``}, 0)`;

/** Moderators searching the review queue or holding an order in review, each counted once. */
export async function countModeratorsOnDuty(db: Executor): Promise<number> {
  const [row] = await db.select({ value: sql<number>`count(*)`.mapWith(Number) }).from(
    sql`(select ${dispatchWaiters.userId} from ${dispatchWaiters} where ${eq(dispatchWaiters.queue, DispatchQueue.review)}
           union
           select ${orders.reviewerId} from ${orders} where ${orders.reviewerId} is not null) as on_review`,
  );
  return row?.value ?? 0;
}

/** Unfinished orders whose creation plus execution time (minutes) lies before `now`. */
export async function countOverdue(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(orders)
    .where(
      and(
        inArray(orders.condition, AWAITING_RESULT),
        sql`${orders.createdAt} + ${orders.executionTime} * interval '1 minute' < ${now.toISOString()}::timestamptz`,
      ),
    );
  return row?.value ?? 0;
}

/**
 * Median minutes (to 0.1) from an order's creation to its first approval, over the first approvals of the
 * span: approved attempts that earned pay (a revision's approval pays nothing). Null when there is none.
 */
export async function medianHandlingMinutes(db: Executor, span: Span): Promise<number | null> {
  const minutes = sql`extract(epoch from ${orderProcessing.reviewDateEnd} - ${orders.createdAt}) / 60`;
  const median = sql`percentile_cont(0.5) within group (order by ${minutes})`;
  const [row] = await db
    .select({ value: sql<number | null>`round(${median}::numeric, 1)::float8` })
    .from(orderProcessing)
    .innerJoin(orders, eq(orders.id, orderProcessing.orderId))
    .where(
      and(
        eq(orderProcessing.reviewStatus, ReviewResult.approved),
        gt(orderProcessing.executorPay, 0),
        within(orderProcessing.reviewDateEnd, span),
      ),
    );
  return row?.value ?? null;
}

/** Tokens paid for orders (charges less refunds) and tokens tipped within the span. */
export async function sumTokens(db: Executor, span: Span): Promise<{ revenue: number; tips: number }> {
  const [row] = await db
    .select({
      revenue: tokensGiven(inArray(tokenLedger.reason, ORDER_PAYMENTS)).mapWith(Number),
      tips: tokensGiven(eq(tokenLedger.reason, LedgerReason.tip)).mapWith(Number),
    })
    .from(tokenLedger)
    .where(
      and(
        inArray(tokenLedger.reason, [...ORDER_PAYMENTS, LedgerReason.tip]),
        within(tokenLedger.createdAt, span),
      ),
    );
  return { revenue: row?.revenue ?? 0, tips: row?.tips ?? 0 };
}

/** Orders created and tokens paid for orders on each of `days` UTC days from `first` (a UTC midnight), every day listed. */
export async function dailyFigures(db: Executor, first: Date, days: number): Promise<DashboardDay[]> {
  const span = { from: first, to: new Date(first.getTime() + days * DAY_MS) };
  const created = db
    .select({ day: utcDay(orders.createdAt).as('created_day'), orders: count().as('created_orders') })
    .from(orders)
    .where(within(orders.createdAt, span))
    .groupBy(sql`1`)
    .as('created');
  const payments = db
    .select({ day: utcDay(tokenLedger.createdAt).as('paid_day'), revenue: tokensGiven().as('paid_tokens') })
    .from(tokenLedger)
    .where(and(inArray(tokenLedger.reason, ORDER_PAYMENTS), within(tokenLedger.createdAt, span)))
    .groupBy(sql`1`)
    .as('payments');
  const calendar = sql`(select (${first.toISOString().slice(0, 10)}::date + step) as day
                        from generate_series(0, ${days - 1}::int) as step) as calendar`;
  return db
    .select({
      date: sql<string>`to_char(calendar.day, 'YYYY-MM-DD')`,
      orders: sql`coalesce(${created.orders}, 0)`.mapWith(Number),
      revenue: sql`coalesce(${payments.revenue}, 0)`.mapWith(Number),
    })
    .from(calendar)
    .leftJoin(created, sql`${created.day} = calendar.day`)
    .leftJoin(payments, sql`${payments.day} = calendar.day`)
    .orderBy(sql`calendar.day`);
}
