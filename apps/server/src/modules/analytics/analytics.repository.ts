import { and, eq, gt, gte, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { ReviewResult } from '@retouch/shared/dispatch';
import type { Executor } from '../../db/client';
import { orderProcessing, orders, shifts } from '../../db/schema/index';

/** A time range [from, to). */
export interface Range {
  from: Date;
  to: Date;
}

/** The designer's shifts that overlap the range (an open one included). */
export function findShiftsOverlapping(db: Executor, userId: string, { from, to }: Range) {
  return db
    .select({ startedAt: shifts.startedAt, endedAt: shifts.endedAt })
    .from(shifts)
    .where(
      and(
        eq(shifts.userId, userId),
        lt(shifts.startedAt, to),
        or(isNull(shifts.endedAt), gt(shifts.endedAt, from)),
      ),
    );
}

/** The designer's attempts approved within the range, with their pay. */
export function findApprovedAttempts(db: Executor, userId: string, { from, to }: Range) {
  return db
    .select({ at: orderProcessing.reviewDateEnd, pay: orderProcessing.executorPay })
    .from(orderProcessing)
    .where(
      and(
        eq(orderProcessing.executorId, userId),
        eq(orderProcessing.reviewStatus, ReviewResult.approved),
        gte(orderProcessing.reviewDateEnd, from),
        lt(orderProcessing.reviewDateEnd, to),
      ),
    );
}

/** The tips the designer received within the range. */
export function findTipsReceived(db: Executor, userId: string, { from, to }: Range) {
  return db
    .select({ orderId: orders.id, tip: orders.tip, at: orders.tippedAt })
    .from(orders)
    .where(
      and(
        eq(orders.tipExecutorId, userId),
        isNotNull(orders.tippedAt),
        gte(orders.tippedAt, from),
        lt(orders.tippedAt, to),
      ),
    );
}
