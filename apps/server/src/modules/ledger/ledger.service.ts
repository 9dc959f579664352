import type { Transaction } from '../../db/client';
import type { LedgerReasonValue } from '../../db/values';
import { addToBalance, insertLedgerRow } from './ledger.repository';

export interface LedgerEntry {
  userId: string;
  deltaMain: number;
  deltaBonus: number;
  reason: LedgerReasonValue;
  /** Unique per business event: a replay of the same event writes nothing. */
  idempotencyKey: string;
  orderId?: string;
  paymentId?: string;
  actorId?: string;
}

/**
 * Writes one ledger row and moves the balance by the same amounts, inside the caller's transaction.
 * Returns false (and changes nothing) when the idempotency key was already used.
 */
export async function applyLedgerEntry(tx: Transaction, entry: LedgerEntry): Promise<boolean> {
  if (!(await insertLedgerRow(tx, entry))) return false;
  await addToBalance(tx, entry.userId, entry);
  return true;
}
