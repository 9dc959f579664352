import { and, eq, inArray } from 'drizzle-orm';
import { OrderCondition, revisionSchema } from '@retouch/shared/orders';
import type { Database } from '../../db/client';
import { orderProcessing, orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { OrderHistoryText } from './order-history';

export const RevisionText = {
  notAllowed: 'A revision can be asked only for a finished order',
  sent: 'Your order was sent for revision',
} as const;

/**
 * Records the customer's revision request as a processing entry and puts the order back to work,
 * once (only a finished order changes). Until dispatch exists it waits for any designer (condition 7);
 * dispatch will hand it to the last designer when on duty and free.
 */
export async function requestRevision(
  db: Database,
  userId: string,
  orderId: string,
  body: unknown,
  now: Date,
): Promise<{ message: string; condition: number }> {
  const { message } = parseInput(revisionSchema, body);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ condition: orders.condition })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw AppError.notFound(OrderHistoryText.notFound);
    const moved = await tx
      .update(orders)
      .set({ condition: OrderCondition.requeued, dateStart: null, queuedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.condition, [OrderCondition.done, OrderCondition.doneTipped]),
        ),
      )
      .returning({ id: orders.id });
    if (moved.length === 0) throw AppError.conflict(RevisionText.notAllowed);
    await tx
      .insert(orderProcessing)
      .values({ orderId, kind: 'client', clientMessage: message, createdAt: now });
  });
  return { message: RevisionText.sent, condition: OrderCondition.requeued };
}
