import { REGISTRATION_BONUS_TOKENS } from '@retouch/shared/constants';
import type { Transaction } from '../../db/client';
import { LedgerReason, type LedgerReasonValue } from '../../db/values';
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

/**
 * The registration bonus, once per user (its ledger key): paid at registration, and when an account made
 * without it (the mobile app's link proves no mailbox) gets its e-mail confirmed.
 */
export async function grantRegistrationBonus(tx: Transaction, userId: string): Promise<void> {
  await applyLedgerEntry(tx, {
    userId,
    deltaMain: 0,
    deltaBonus: REGISTRATION_BONUS_TOKENS,
    reason: LedgerReason.registrationBonus,
    idempotencyKey: `registration-bonus:${userId}`,
  });
}
