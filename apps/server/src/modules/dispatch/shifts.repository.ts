import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shifts } from '../../db/schema/index';

/** How many people are on duty now. */
export async function countOpenShifts(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(shifts).where(isNull(shifts.endedAt));
  return row?.value ?? 0;
}

/** A person's open shift, if any. */
export async function findOpenShift(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, userId), isNull(shifts.endedAt)));
  return row;
}
