import { count, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shifts } from '../../db/schema/index';

/** How many people are on duty now. */
export async function countOpenShifts(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(shifts).where(isNull(shifts.endedAt));
  return row?.value ?? 0;
}
