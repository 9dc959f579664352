import type { Database } from '../../db/client';
import { SystemSettingName } from '../../db/values';
import { countDesignersOnShift } from '../dispatch/shifts.repository';
import { countWaitingForDesigner } from '../work-queue/designer-queue.repository';
import { readSettingDate } from './settings.repository';

/** Waiting orders a designer on duty can absorb before work is said to be delayed. */
const WAITING_ORDERS_PER_DESIGNER = 3;

/**
 * DESIGN section 3: overloaded while the admin's overload setting lies in the future, or when the
 * waiting orders exceed three per designer on duty (any waiting order with nobody on duty). Only holders
 * of cabinetDesigner count: anyone else's open shift takes no order.
 */
export async function isOverloaded(db: Database, now: Date): Promise<boolean> {
  const until = await readSettingDate(db, SystemSettingName.orderOverload);
  if (until && until > now) return true;
  const waitingCount = await countWaitingForDesigner(db);
  if (waitingCount === 0) return false;
  return waitingCount > WAITING_ORDERS_PER_DESIGNER * (await countDesignersOnShift(db));
}
