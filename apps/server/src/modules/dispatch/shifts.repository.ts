import { and, count, eq, isNull } from 'drizzle-orm';
import { PermissionSign } from '@retouch/shared/permissions';
import type { Executor } from '../../db/client';
import { shifts, users } from '../../db/schema/index';
import { userHoldsSign } from '../permissions/permissions.repository';

/** People on an open shift who hold the designer's cabinet: anyone in the back office may open a shift. */
export async function countDesignersOnShift(db: Executor): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(shifts)
    .innerJoin(users, eq(users.id, shifts.userId))
    .where(and(isNull(shifts.endedAt), userHoldsSign(db, PermissionSign.cabinetDesigner)));
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

/** Ends the user's open shift; answers whether there was one. */
export async function endOpenShift(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [ended] = await db
    .update(shifts)
    .set({ endedAt: now })
    .where(and(eq(shifts.userId, userId), isNull(shifts.endedAt)))
    .returning({ id: shifts.id });
  return ended !== undefined;
}

export async function insertShift(db: Executor, userId: string, startedAt: Date): Promise<void> {
  await db.insert(shifts).values({ userId, startedAt });
}
