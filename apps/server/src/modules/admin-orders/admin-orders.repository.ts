import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  AdminOrderRow,
  AdminOrdersFilter,
  OrderTableStatus,
  SortByDate,
} from '@retouch/shared/admin-orders';
import { ConditionGroup, OrderCondition } from '@retouch/shared/order-flow';
import type { Executor } from '../../db/client';
import { orders, users } from '../../db/schema/index';

const rowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  cost: orders.cost,
  tip: orders.tip,
  condition: orders.condition,
  executionTime: orders.executionTime,
  dateStart: orders.dateStart,
  clientId: users.id,
  email: users.email,
  giveName: users.giveName,
  familyName: users.familyName,
};

interface RowRecord {
  id: string;
  createdAt: Date;
  cost: number;
  tip: number;
  condition: number;
  executionTime: number;
  dateStart: Date | null;
  clientId: string;
  email: string;
  giveName: string;
  familyName: string;
}

const toRow = (record: RowRecord): AdminOrderRow => ({
  _id: record.id,
  createdAt: record.createdAt.toISOString(),
  client: {
    _id: record.clientId,
    email: record.email,
    name: { giveName: record.giveName, familyName: record.familyName },
  },
  cost: record.cost,
  tip: record.tip,
  condition: record.condition,
  executionTime: record.executionTime,
  dateStart: record.dateStart?.toISOString() ?? null,
});

/** Newest or oldest first; the id breaks ties the same way, so ASC is exactly DESC reversed. */
const byDate = (direction: SortByDate) =>
  direction === 'ASC' ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];

/** Whether the current attempt's time (its start plus the execution time) ran out at `now`, or not yet. */
const timeRanOut = (now: Date) =>
  sql`${orders.dateStart} + ${orders.executionTime} * interval '1 minute' <= ${now.toISOString()}::timestamptz`;
const timeLeft = (now: Date) =>
  sql`${orders.dateStart} + ${orders.executionTime} * interval '1 minute' > ${now.toISOString()}::timestamptz`;

/** Every condition a named status other than cancelled covers; cancelled is any other (back office section 4). */
const NAMED_CONDITIONS = [
  ...ConditionGroup.waitingForDesigner,
  ...ConditionGroup.inWork,
  ...ConditionGroup.delivered,
  OrderCondition.refused,
];

/** The orders a status of the table stands for at `now`, as `orderTableStatus` tells it for one order. */
function statusCondition(status: OrderTableStatus, now: Date): SQL {
  switch (status) {
    case 'lookingForDesigner':
      return inArray(orders.condition, ConditionGroup.waitingForDesigner);
    case 'inProgress':
      return and(
        inArray(orders.condition, ConditionGroup.inWork),
        or(isNull(orders.dateStart), timeLeft(now)),
      )!;
    case 'beingModerated':
      return and(
        inArray(orders.condition, ConditionGroup.inWork),
        isNotNull(orders.dateStart),
        timeRanOut(now),
      )!;
    case 'completed':
      return inArray(orders.condition, ConditionGroup.delivered);
    case 'refused':
      return eq(orders.condition, OrderCondition.refused);
    case 'cancelled':
      return notInArray(orders.condition, NAMED_CONDITIONS);
  }
}

/** The table's filters, the client's e-mail (lower case) with it; `now` decides what ran out of time. */
export type OrdersFilter = Omit<AdminOrdersFilter, 'sortByDate'> & { now: Date };

/** The WHERE of the filters (undefined: every order), and whether it reads the client's row. */
function filterCondition(filter: OrdersFilter): { where: SQL | undefined; byClient: boolean } {
  const conditions: SQL[] = [];
  if (filter.email) conditions.push(eq(users.email, filter.email), isNull(users.deletedAt));
  if (filter.status && filter.status.length > 0)
    conditions.push(or(...filter.status.map((status) => statusCondition(status, filter.now)))!);
  if (filter.createdFrom) conditions.push(gte(orders.createdAt, filter.createdFrom));
  if (filter.createdBefore) conditions.push(lt(orders.createdAt, filter.createdBefore));
  return { where: conditions.length > 0 ? and(...conditions) : undefined, byClient: Boolean(filter.email) };
}

export interface OrdersPageQuery extends OrdersFilter {
  limit: number;
  page: number;
  sortByDate: SortByDate;
}

/**
 * One page of the orders with their client, and how many match. With an e-mail, the client is found
 * through the unique e-mail index and the orders through (user_id, created_at); statuses through
 * (condition, created_at); a creation range alone through (created_at, id).
 */
export async function findOrdersPage(db: Executor, query: OrdersPageQuery) {
  const { where, byClient } = filterCondition(query);
  const counted = db.select({ n: count() }).from(orders);
  const [records, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(...byDate(query.sortByDate))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    byClient ? counted.innerJoin(users, eq(users.id, orders.userId)).where(where) : counted.where(where),
  ]);
  return { orders: records.map(toRow), total: total?.n ?? 0 };
}

/** Where a page of the export stopped: the last row's creation time (as PostgreSQL wrote it) and id. */
export interface OrdersCursor {
  createdAt: string;
  id: string;
}

/** Rows an export page reads at once. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every order matching the filters, in the table's order, a page at a time after `after` (keyset: no
 * OFFSET, no transaction held while a client downloads). The cursor keeps PostgreSQL's microseconds,
 * which a JavaScript date would round away.
 */
export async function findOrdersAfter(
  db: Executor,
  filter: OrdersFilter & { sortByDate: SortByDate },
  after: OrdersCursor | undefined,
  limit = EXPORT_PAGE_SIZE,
) {
  const { where } = filterCondition(filter);
  const past = after
    ? filter.sortByDate === 'ASC'
      ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const records = await db
    .select({ ...rowColumns, cursorAt: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(where, past))
    .orderBy(...byDate(filter.sortByDate))
    .limit(limit);
  return records.map((record) => ({
    row: toRow(record),
    cursor: { createdAt: record.cursorAt, id: record.id },
  }));
}

/** A client's newest orders. */
export async function findClientOrders(db: Executor, clientId: string, limit: number) {
  const records = await db
    .select(rowColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.userId, clientId))
    .orderBy(...byDate('DESC'))
    .limit(limit);
  return records.map(toRow);
}
