import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { tokenLedger, users, type LedgerReasonValue } from '../../db/schema/index';

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
  const inserted = await tx
    .insert(tokenLedger)
    .values(entry)
    .onConflictDoNothing({ target: tokenLedger.idempotencyKey })
    .returning({ id: tokenLedger.id });
  if (inserted.length === 0) return false;
  await tx
    .update(users)
    .set({
      balanceMain: sql`${users.balanceMain} + ${entry.deltaMain}`,
      balanceBonus: sql`${users.balanceBonus} + ${entry.deltaBonus}`,
    })
    .where(eq(users.id, entry.userId));
  return true;
}

export interface LedgerMismatch {
  userId: string;
  email: string;
  balanceMain: number;
  balanceBonus: number;
  ledgerMain: number;
  ledgerBonus: number;
}

/** Every user whose balance differs from the sum of their ledger rows. */
export async function findLedgerMismatches(db: Executor): Promise<LedgerMismatch[]> {
  const result = await db.execute(sql`
    select u.id as "userId", u.email, u.balance_main as "balanceMain", u.balance_bonus as "balanceBonus",
           coalesce(sum(l.delta_main), 0)::int as "ledgerMain", coalesce(sum(l.delta_bonus), 0)::int as "ledgerBonus"
    from users u left join token_ledger l on l.user_id = u.id
    group by u.id
    having u.balance_main <> coalesce(sum(l.delta_main), 0) or u.balance_bonus <> coalesce(sum(l.delta_bonus), 0)
  `);
  return (result as unknown as { rows: LedgerMismatch[] }).rows;
}
