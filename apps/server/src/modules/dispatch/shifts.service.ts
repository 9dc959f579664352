import { DispatchText, type Shift } from '@retouch/shared/dispatch';
import { PermissionSign, hasPermission } from '@retouch/shared/permissions';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { DispatchQueue } from '../../db/values';
import { AppError } from '../../lib/app-error';
import { findEffectivePermissions } from '../permissions/permissions.repository';
import { removeWaiters } from '../work-queue/work-queue.repository';
import { endOpenShift, findOpenShift, insertShift } from './shifts.repository';

/** `GET /api/executor/shift`: the open shift's start; 404 off duty. */
export async function currentShift(db: Database, userId: string): Promise<Shift> {
  const open = await findOpenShift(db, userId);
  if (!open) throw AppError.notFound(DispatchText.noShift);
  return { startDate: open.startedAt.toISOString() };
}

/**
 * `POST /api/executor/shift/toggle`: starts a shift, or ends the open one (leaving every search queue).
 * "The header shift button may be used by anyone" (back office section 4): anyone in the back office
 * (showAdmin) starts one; only designers' shifts count against the overload notice. Anyone may end theirs.
 * Two toggles racing meet the one-open-shift index: the loser reads the winner's shift.
 */
export async function toggleShift(db: Database, userId: string, now: Date): Promise<Shift> {
  try {
    return await db.transaction(async (tx) => {
      if (await endOpenShift(tx, userId, now)) {
        await removeWaiters(tx, userId, [DispatchQueue.executor, DispatchQueue.review]);
        return { startDate: null };
      }
      if (!hasPermission(await findEffectivePermissions(tx, userId), PermissionSign.showAdmin)) {
        throw AppError.forbidden(DispatchText.shiftNeedsBackOffice);
      }
      await insertShift(tx, userId, now);
      return { startDate: now.toISOString() };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return currentShift(db, userId);
  }
}
