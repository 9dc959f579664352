import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { staffPresence } from '../../db/schema/index';

/** Statements renewing this many staff at most: the parameters of one statement stay few. */
const RENEW_CHUNK = 1000;

/** The staff member is seen now (they asked for work): their presence starts or is renewed. */
export function markPresent(db: Executor, userId: string) {
  return db
    .insert(staffPresence)
    .values({ userId })
    .onConflictDoUpdate({ target: staffPresence.userId, set: { renewedAt: sql`now()` } })
    .returning({ userId: staffPresence.userId });
}

/**
 * The heartbeat: renews the presence of these connected users, of those who have one (staff who asked
 * for work); customers' sockets write nothing.
 */
export async function renewPresence(db: Executor, userIds: readonly string[]): Promise<void> {
  for (let start = 0; start < userIds.length; start += RENEW_CHUNK) {
    await db
      .update(staffPresence)
      .set({ renewedAt: sql`now()` })
      .where(inArray(staffPresence.userId, userIds.slice(start, start + RENEW_CHUNK)));
  }
}

/** The user in `column` was seen within the last `seconds` (database time, the same for every instance). */
export function seenWithin(column: AnyPgColumn, seconds: number): SQL {
  return sql`exists (select 1 from ${staffPresence} where ${staffPresence.userId} = ${column} and ${staffPresence.renewedAt} > now() - make_interval(secs => ${seconds}))`;
}
