import { and, eq } from 'drizzle-orm';
import { OrderCondition, revisionSchema } from '@retouch/shared/orders';
import type { Database } from '../../db/client';
import { orderProcessing, orders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { returnToDesigner, type ReturnOutcome } from '../review/review.service';
import { OrderHistoryText } from './order-history';

export const RevisionText = {
  notAllowed: 'A revision can be asked only for a finished order',
  sent: 'Your order was sent for revision',
  picturesExpired: 'The pictures of this order were deleted after 30 days: a revision is no longer possible',
} as const;

/**
 * Records the customer's revision request as a processing entry and puts the order back to work,
 * once (only a finished order changes): to the designer of the delivered result when on duty and
 * free (condition 5), else to the designers' queue (7).
 */
export async function requestRevision(
  db: Database,
  userId: string,
  orderId: string,
  body: unknown,
  now: Date,
): Promise<{ message: string; outcome: ReturnOutcome }> {
  const { message } = parseInput(revisionSchema, body);
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw AppError.notFound(OrderHistoryText.notFound);
    if (order.condition !== OrderCondition.done && order.condition !== OrderCondition.doneTipped)
      throw AppError.conflict(RevisionText.notAllowed);
    // Nothing left to rework: the retention job deleted the pictures.
    if (order.picturesExpiredAt) throw AppError.conflict(RevisionText.picturesExpired);
    await tx
      .insert(orderProcessing)
      .values({ orderId, kind: 'client', clientMessage: message, createdAt: now });
    return returnToDesigner(tx, order, order.tipExecutorId, OrderCondition.revision, now);
  });
  return { message: RevisionText.sent, outcome };
}
