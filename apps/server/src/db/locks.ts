import { sql } from 'drizzle-orm';
import type { Transaction } from './client';

/** Keys of the transaction-scoped advisory locks that serialise one kind of change across instances. */
export const AdvisoryLock = {
  migrations: 727_001,
  seed: 727_002,
  serviceGroups: 727_010,
  degrees: 727_011,
  tokenExpiry: 727_020,
  testHooks: 727_030,
} as const;

/** Holds the lock until the transaction ends. */
export async function lockForTransaction(tx: Transaction, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
