import { and, eq, isNull } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client';
import { orderProcessing, orders } from '../../db/schema/index';

// The designer's edits lock the held attempt the way the lifecycle's commands do.

/** The order a designer holds, with its running attempt, if any. */
export async function findHeldOrder(db: Db, designerId: string) {
  const [row] = await db
    .select({ order: orders, attempt: orderProcessing })
    .from(orders)
    .innerJoin(
      orderProcessing,
      and(
        eq(orderProcessing.orderId, orders.id),
        eq(orderProcessing.executorId, designerId),
        isNull(orderProcessing.dateEnd),
      ),
    )
    .where(eq(orders.executorId, designerId));
  return row;
}
