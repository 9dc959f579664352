import { splitSpending } from '@retouch/shared/payments';
import type { Transaction } from '../../db/client';
import { LedgerReason, type LedgerReasonValue } from '../../db/values';
import { AppError } from '../../lib/app-error';
import { lockBalance } from '../ledger/ledger.repository';
import { applyLedgerEntry } from '../ledger/ledger.service';
import { refundKey } from './order-flow.repository';

export interface Charge {
  userId: string;
  amount: number;
  reason: LedgerReasonValue;
  orderId: string;
  idempotencyKey: string;
  /** Whether the locked balance covers the charge; refused with 402 and `insufficient` when not. */
  canAfford(balance: { main: number; bonus: number }): boolean;
  insufficient: string;
}

/**
 * The one way an order takes a customer's tokens (the order itself, a tip): the balance locked, checked,
 * and debited bonus first through the ledger. Answers what came from each part (a refund returns that).
 */
export async function chargeCustomer(
  tx: Transaction,
  charge: Charge,
): Promise<{ fromMain: number; fromBonus: number }> {
  const balance = await lockBalance(tx, charge.userId);
  if (!balance || !charge.canAfford(balance)) throw new AppError(402, charge.insufficient);
  const { fromMain, fromBonus } = splitSpending(balance, charge.amount);
  const written = await applyLedgerEntry(tx, {
    userId: charge.userId,
    deltaMain: -fromMain,
    deltaBonus: -fromBonus,
    reason: charge.reason,
    orderId: charge.orderId,
    idempotencyKey: charge.idempotencyKey,
  });
  // A replayed key would take nothing and still be answered as paid: the caller's guard failed.
  if (!written) throw new Error(`ledger key ${charge.idempotencyKey} used twice`);
  return { fromMain, fromBonus };
}

/**
 * The one way an order gives tokens back: exactly what it took, to the parts it came from, once, the
 * ledger row naming the staff member whose action refunds (a cancel, an agreed refusal). Answers
 * whether this call refunded (false: it was refunded before).
 */
export async function refundOrder(
  tx: Transaction,
  order: { id: string; userId: string; chargedMain: number; chargedBonus: number },
  actorId: string,
): Promise<boolean> {
  return applyLedgerEntry(tx, {
    userId: order.userId,
    deltaMain: order.chargedMain,
    deltaBonus: order.chargedBonus,
    reason: LedgerReason.orderRefund,
    orderId: order.id,
    actorId,
    idempotencyKey: refundKey(order.id),
  });
}
