import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { systemSettings } from '../../db/schema/index';

/** The date-time of a named setting, or null when it is unset. */
export async function readSettingDate(db: Database, name: string): Promise<Date | null> {
  const [row] = await db
    .select({ data: systemSettings.data })
    .from(systemSettings)
    .where(eq(systemSettings.name, name));
  return row?.data ?? null;
}
