import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AdminOrderRow, SortByDate } from '@retouch/shared/admin-orders';
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

export interface OrdersPageQuery {
  limit: number;
  page: number;
  sortByDate: SortByDate;
  /** A live client's e-mail, lower case. */
  email?: string | undefined;
}

/**
 * One page of every order with its client, and how many there are. With an e-mail, the client is
 * found through the unique e-mail index and the orders through (user_id, created_at).
 */
export async function findOrdersPage(db: Executor, query: OrdersPageQuery) {
  const filter: SQL | undefined = query.email
    ? and(eq(users.email, query.email), isNull(users.deletedAt))
    : undefined;
  const [records, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(filter)
      .orderBy(...byDate(query.sortByDate))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    filter
      ? db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(filter)
      : db.select({ n: count() }).from(orders),
  ]);
  return { orders: records.map(toRow), total: total?.n ?? 0 };
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
