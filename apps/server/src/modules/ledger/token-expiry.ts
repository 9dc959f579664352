import { and, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { LedgerReason, users } from '../../db/schema/index';
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
    const [lock] = (
      (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${AdvisoryLock.tokenExpiry}) as locked`,
      )) as unknown as {
        rows: Array<{ locked: boolean }>;
      }
    ).rows;
    if (!lock?.locked) return [];
    const inactive = await tx
      .select({
        id: users.id,
        main: users.balanceMain,
        bonus: users.balanceBonus,
        lastActiveAt: users.lastActiveAt,
      })
      .from(users)
      .where(
        and(
          lt(users.lastActiveAt, cutoff),
          isNull(users.deletedAt),
          or(ne(users.balanceMain, 0), ne(users.balanceBonus, 0)),
        ),
      )
      .for('update', { skipLocked: true });
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
