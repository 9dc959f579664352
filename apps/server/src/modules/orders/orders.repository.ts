import { eq, inArray } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { orderItems, orderPersons, orders } from '../../db/schema/index';

type OrderRow = typeof orders.$inferSelect;

export async function insertOrderPerson(
  tx: Transaction,
  person: Pick<typeof orderPersons.$inferInsert, 'id' | 'orderId' | 'name' | 'position' | 'profile'>,
): Promise<void> {
  await tx.insert(orderPersons).values(person);
}

export async function insertOrderItems(
  tx: Transaction,
  items: Array<typeof orderItems.$inferInsert>,
): Promise<void> {
  await tx.insert(orderItems).values(items);
}

export async function orderExists(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return row !== undefined;
}

/** Which of these order ids have a row. */
export async function findExistingOrderIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
  return new Set(rows.map((row) => row.id));
}

export function findOrderRows(db: Executor, orderId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.id, orderId));
}
