import type { Database } from '../../db/client';
import { LedgerReason } from '../../db/values';
import { lockInactiveBalances, tryTokenExpiryLock } from './ledger.repository';
import { applyLedgerEntry } from './ledger.service';

/** Tokens expire after this long without activity (customer-side section 1). */
const TOKEN_EXPIRY_INACTIVE_DAYS = 365;

/**
 * Zeroes the balance of every account inactive for a year, through ledger entries. Runs under a
 * try-lock so that with several instances one does the work and the others skip; the idempotency key
 * (user and last activity) makes a repeated run write nothing.
 */
export async function expireInactiveBalances(
  db: Database,
  now: Date,
  publishBalance?: (userId: string, balance: { main: number; bonus: number }) => void,
): Promise<number> {
  const cutoff = new Date(now.getTime() - TOKEN_EXPIRY_INACTIVE_DAYS * 24 * 3600 * 1000);
  const expired = await db.transaction(async (tx) => {
    if (!(await tryTokenExpiryLock(tx))) return [];
    const inactive = await lockInactiveBalances(tx, cutoff);
    const done: string[] = [];
    for (const user of inactive) {
      const written = await applyLedgerEntry(tx, {
        userId: user.id,
        deltaMain: -user.main,
        deltaBonus: -user.bonus,
        reason: LedgerReason.expiry,
        idempotencyKey: `expiry:${user.id}:${user.lastActiveAt.toISOString()}`,
      });
      if (written) done.push(user.id);
    }
    return done;
  });
  for (const userId of expired) publishBalance?.(userId, { main: 0, bonus: 0 });
  return expired.length;
}
