import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ExecutorResult, ReviewResult } from '@retouch/shared/dispatch';
import type { EtaOrder, HandlingSample } from '@retouch/shared/eta';
import { ConditionGroup } from '@retouch/shared/order-flow';
import { PermissionSign } from '@retouch/shared/permissions';
import type { Database } from '../../db/client';
import { orderItems, orderPersons, orderProcessing, orders, shifts, users } from '../../db/schema/index';
import { userHoldsSign } from '../permissions/permissions.repository';

/** Recent work the rates are learned from. */
const SAMPLES = 500;
/** Waiting orders scheduled at most; later ones get no estimate. */
const WAITING_LIMIT = 5000;

const minutesBetween = (start: Date, end: Date) => (end.getTime() - start.getTime()) / 60_000;

/** Each order's active services with their planned minutes. */
async function servicesOf(db: Database, orderIds: readonly string[]) {
  const services = new Map<string, Array<{ serviceId: string; minutes: number }>>();
  if (orderIds.length === 0) return services;
  const rows = await db
    .select({
      orderId: orderPersons.orderId,
      serviceId: orderItems.serviceId,
      minutes: orderItems.executionTime,
    })
    .from(orderItems)
    .innerJoin(orderPersons, eq(orderItems.personId, orderPersons.id))
    .where(and(inArray(orderPersons.orderId, [...orderIds]), eq(orderItems.active, true)));
  for (const row of rows) {
    const list = services.get(row.orderId) ?? [];
    list.push({ serviceId: row.serviceId, minutes: row.minutes });
    services.set(row.orderId, list);
  }
  return services;
}

async function etaOrders(db: Database, rows: ReadonlyArray<{ id: string; executionTime: number }>) {
  const services = await servicesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row): EtaOrder => ({
    id: row.id,
    plannedMinutes: row.executionTime,
    services: services.get(row.id) ?? [],
  }));
}

/**
 * The latest first attempts that delivered a result: a fix or a revision redoes part of the work, so
 * it would make the orders look faster than they are.
 */
export async function recentHandlingSamples(db: Database): Promise<HandlingSample[]> {
  const rows = await db
    .select({
      orderId: orderProcessing.orderId,
      start: orderProcessing.dateStart,
      end: orderProcessing.dateEnd,
      planned: orders.executionTime,
    })
    .from(orderProcessing)
    .innerJoin(orders, eq(orders.id, orderProcessing.orderId))
    .where(
      and(
        eq(orderProcessing.resultStatus, ExecutorResult.completed),
        isNotNull(orderProcessing.dateStart),
        isNotNull(orderProcessing.dateEnd),
        sql`not exists (select 1 from ${orderProcessing} earlier where earlier.order_id = ${orderProcessing.orderId} and earlier.result_status = ${ExecutorResult.completed} and earlier.date_end <= ${orderProcessing.dateStart})`,
      ),
    )
    .orderBy(desc(orderProcessing.dateEnd))
    .limit(SAMPLES);
  const services = await servicesOf(
    db,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => ({
    plannedMinutes: row.planned,
    actualMinutes: minutesBetween(row.start!, row.end!),
    services: services.get(row.orderId) ?? [],
  }));
}

/** Minutes from the latest approved results to their approval. */
export async function recentReviewMinutes(db: Database): Promise<number[]> {
  const rows = await db
    .select({ result: orderProcessing.dateEnd, approved: orderProcessing.reviewDateEnd })
    .from(orderProcessing)
    .where(
      and(
        eq(orderProcessing.reviewStatus, ReviewResult.approved),
        isNotNull(orderProcessing.dateEnd),
        isNotNull(orderProcessing.reviewDateEnd),
      ),
    )
    .orderBy(desc(orderProcessing.reviewDateEnd))
    .limit(SAMPLES);
  return rows.map((row) => Math.max(0, minutesBetween(row.result!, row.approved!)));
}

/** Orders waiting for a designer, in the order dispatch hands them out. */
export async function waitingOrders(db: Database): Promise<EtaOrder[]> {
  const rows = await db
    .select({ id: orders.id, executionTime: orders.executionTime })
    .from(orders)
    .where(inArray(orders.condition, [...ConditionGroup.waitingForDesigner]))
    .orderBy(asc(orders.queuedAt), asc(orders.id))
    .limit(WAITING_LIMIT);
  return etaOrders(db, rows);
}

/** Orders designers hold, with their running attempt's start and whether the designer is on shift. */
export async function heldOrders(db: Database) {
  const rows = await db
    .select({
      id: orders.id,
      executionTime: orders.executionTime,
      startedAt: orderProcessing.dateStart,
      shiftId: shifts.id,
    })
    .from(orders)
    .innerJoin(
      orderProcessing,
      and(
        eq(orderProcessing.orderId, orders.id),
        eq(orderProcessing.executorId, orders.executorId),
        isNull(orderProcessing.dateEnd),
      ),
    )
    .leftJoin(shifts, and(eq(shifts.userId, orders.executorId), isNull(shifts.endedAt)))
    .where(and(inArray(orders.condition, [...ConditionGroup.heldByDesigner]), isNotNull(orders.executorId)));
  const planned = await etaOrders(db, rows);
  return planned.map((order, index) => ({
    ...order,
    startedAt: rows[index]!.startedAt ?? new Date(),
    onShift: rows[index]!.shiftId !== null,
  }));
}

/** Orders with a result or a refusal in review, with when it came. */
export async function ordersInReview(db: Database) {
  const rows = await db
    .select({
      id: orders.id,
      resultAt: sql<Date>`max(${orderProcessing.dateEnd})`.mapWith(orderProcessing.dateEnd),
    })
    .from(orders)
    .innerJoin(orderProcessing, eq(orderProcessing.orderId, orders.id))
    .where(inArray(orders.condition, [...ConditionGroup.inReview]))
    .groupBy(orders.id);
  return rows.map((row) => ({ id: row.id, resultAt: row.resultAt ?? new Date() }));
}

/** Designers on shift: anyone in the back office may open a shift, only the designer's cabinet takes orders. */
export async function countDesignersOnShift(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(shifts)
    .innerJoin(users, eq(users.id, shifts.userId))
    .where(and(isNull(shifts.endedAt), userHoldsSign(db, PermissionSign.cabinetDesigner)));
  return row?.value ?? 0;
}
