import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AdvisoryLock } from '../../db/locks';
import { tokenLedger, users } from '../../db/schema/index';

/** Inserts the row unless its key was used; answers whether it was written. */
export async function insertLedgerRow(db: Executor, row: typeof tokenLedger.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(tokenLedger)
    .values(row)
    .onConflictDoNothing({ target: tokenLedger.idempotencyKey })
    .returning({ id: tokenLedger.id });
  return inserted.length > 0;
}

/** Moves the balance by the amounts, in the database (no read-modify-write). */
export async function addToBalance(
  db: Executor,
  userId: string,
  delta: { deltaMain: number; deltaBonus: number },
): Promise<void> {
  await db
    .update(users)
    .set({
      balanceMain: sql`${users.balanceMain} + ${delta.deltaMain}`,
      balanceBonus: sql`${users.balanceBonus} + ${delta.deltaBonus}`,
    })
    .where(eq(users.id, userId));
}

export async function findBalance(db: Executor, userId: string) {
  const [balance] = await db
    .select({ main: users.balanceMain, bonus: users.balanceBonus })
    .from(users)
    .where(eq(users.id, userId));
  return balance;
}

/**
 * The user's balance, the row held until the transaction ends. `no key update`: the charge's transaction
 * may already hold FOR KEY SHARE on the row (its Idempotency-Key row's foreign key), and so may another
 * send's; FOR UPDATE would wait on each other's and deadlock (docs/decisions/0009).
 */
export async function lockBalance(db: Executor, userId: string) {
  const [balance] = await db
    .select({ main: users.balanceMain, bonus: users.balanceBonus })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return balance;
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

/** The token-expiry lock for this transaction, if no other instance holds it (never waits). */
export async function tryTokenExpiryLock(db: Executor): Promise<boolean> {
  const [lock] = (
    (await db.execute(
      sql`select pg_try_advisory_xact_lock(${AdvisoryLock.tokenExpiry}) as locked`,
    )) as unknown as {
      rows: Array<{ locked: boolean }>;
    }
  ).rows;
  return lock?.locked === true;
}

/**
 * Live accounts inactive since before `cutoff` that hold tokens, locked as `lockBalance` locks them;
 * rows others hold are skipped.
 */
export function lockInactiveBalances(db: Executor, cutoff: Date) {
  return db
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
    .for('no key update', { skipLocked: true });
}
