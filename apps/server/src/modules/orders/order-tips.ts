import { and, eq } from 'drizzle-orm';
import { OrderCondition, tipSchema } from '@retouch/shared/orders';
import { splitSpending } from '@retouch/shared/payments';
import type { Database } from '../../db/client';
import { LedgerReason, orders, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { applyLedgerEntry } from '../ledger/ledger.service';
import { OrderHistoryText } from './order-history';

export const TipText = {
  notAllowed: 'A tip can be left only on a finished order',
  insufficientFunds: 'Not enough tokens for this tip',
  thanks: 'Thank you! The designer received your tip',
} as const;

/**
 * Leaves a tip on a finished order (condition 6 -> 10), once: the condition change and the debit are
 * one transaction, and only an order still at 6 changes. The tip credits the designer of the delivered
 * result (to their main balance) in the same transaction; the customer's debit takes bonus first.
 */
export async function leaveTip(
  db: Database,
  userId: string,
  orderId: string,
  body: unknown,
  now: Date,
): Promise<{ message: string; designerId: string | null }> {
  const { amount } = parseInput(tipSchema, body).data;
  const designerId = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ condition: orders.condition, tipExecutorId: orders.tipExecutorId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw AppError.notFound(OrderHistoryText.notFound);
    if (order.condition !== OrderCondition.done) throw AppError.conflict(TipText.notAllowed);
    const [balance] = await tx
      .select({ main: users.balanceMain, bonus: users.balanceBonus })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!balance || balance.main + balance.bonus < amount) throw new AppError(402, TipText.insufficientFunds);
    const { fromBonus, fromMain } = splitSpending(balance, amount);
    await applyLedgerEntry(tx, {
      userId,
      deltaMain: -fromMain,
      deltaBonus: -fromBonus,
      reason: LedgerReason.tip,
      orderId,
      idempotencyKey: `tip:${orderId}`,
    });
    await tx
      .update(orders)
      .set({ condition: OrderCondition.doneTipped, tip: amount, tippedAt: now })
      .where(eq(orders.id, orderId));
    if (order.tipExecutorId) {
      await applyLedgerEntry(tx, {
        userId: order.tipExecutorId,
        deltaMain: amount,
        deltaBonus: 0,
        reason: LedgerReason.tipReceived,
        orderId,
        idempotencyKey: `tip-received:${orderId}`,
      });
    }
    return order.tipExecutorId;
  });
  return { message: TipText.thanks, designerId };
}
