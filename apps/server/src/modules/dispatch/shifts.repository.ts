import { and, count, eq, exists, isNull, or } from 'drizzle-orm';
import { PermissionSign } from '@retouch/shared/permissions';
import type { Executor } from '../../db/client';
import { rolePermissions, shifts, userPermissions, users } from '../../db/schema/index';

/** People on an open shift who hold the designer's cabinet (their own switches, or else their role's). */
export async function countDesignersOnShift(db: Executor): Promise<number> {
  const sign = PermissionSign.cabinetDesigner;
  const byRole = db
    .select({ sign: rolePermissions.sign })
    .from(rolePermissions)
    .where(
      and(
        eq(rolePermissions.roleId, users.roleId),
        eq(rolePermissions.sign, sign),
        eq(rolePermissions.status, true),
      ),
    );
  const byUser = db
    .select({ sign: userPermissions.sign })
    .from(userPermissions)
    .where(
      and(
        eq(userPermissions.userId, users.id),
        eq(userPermissions.sign, sign),
        eq(userPermissions.status, true),
      ),
    );
  const [row] = await db
    .select({ value: count() })
    .from(shifts)
    .innerJoin(users, eq(users.id, shifts.userId))
    .where(
      and(
        isNull(shifts.endedAt),
        or(
          and(eq(users.customPermissions, false), exists(byRole)),
          and(eq(users.customPermissions, true), exists(byUser)),
        ),
      ),
    );
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
