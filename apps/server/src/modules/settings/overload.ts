import { count, inArray } from 'drizzle-orm';
import { ConditionGroup } from '@retouch/shared/order-flow';
import type { Database } from '../../db/client';
import { SystemSettingName, orders } from '../../db/schema/index';
import { countDesignersOnShift } from '../dispatch/shifts.repository';
import { readSettingDate } from './settings.repository';

/** Waiting orders a designer on duty can absorb before work is said to be delayed. */
const WAITING_ORDERS_PER_DESIGNER = 3;

const waitingConditions = [...ConditionGroup.waitingForDesigner];

/**
 * DESIGN section 3: overloaded while the admin's overload setting lies in the future, or when the
 * waiting orders exceed three per designer on duty (any waiting order with nobody on duty). Only holders
 * of cabinetDesigner count: anyone else's open shift takes no order.
 */
export async function isOverloaded(db: Database, now: Date): Promise<boolean> {
  const until = await readSettingDate(db, SystemSettingName.orderOverload);
  if (until && until > now) return true;
  const [waiting] = await db
    .select({ value: count() })
    .from(orders)
    .where(inArray(orders.condition, waitingConditions));
  const waitingCount = waiting?.value ?? 0;
  if (waitingCount === 0) return false;
  return waitingCount > WAITING_ORDERS_PER_DESIGNER * (await countDesignersOnShift(db));
}
