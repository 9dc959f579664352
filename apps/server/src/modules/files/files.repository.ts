import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderProcessing, orders } from '../../db/schema/index';

/** The customer who placed the order, or undefined when there is no such order. */
export async function findOrderCustomerId(db: Database, orderId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId;
}

/** Whether the user holds or held the order: as its designer or moderator, now or in any attempt. */
export async function isOrderParticipant(db: Database, orderId: string, userId: string): Promise<boolean> {
  const [current] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), or(eq(orders.executorId, userId), eq(orders.reviewerId, userId))));
  if (current) return true;
  const [past] = await db
    .select({ id: orderProcessing.id })
    .from(orderProcessing)
    .where(
      and(
        eq(orderProcessing.orderId, orderId),
        or(eq(orderProcessing.executorId, userId), eq(orderProcessing.reviewerId, userId)),
      ),
    )
    .limit(1);
  return past !== undefined;
}

/** The order whose review carries that mark-up (older mark-ups lie outside the order's folder). */
export async function findOrderOfReviewPicture(db: Database, picture: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: orderProcessing.orderId })
    .from(orderProcessing)
    .where(eq(orderProcessing.reviewPicture, picture))
    .limit(1);
  return row?.orderId;
}
