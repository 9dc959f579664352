import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { systemSettings } from '../../db/schema/index';

export type SettingRow = typeof systemSettings.$inferSelect;

/** The date-time of a named setting, or null when it is unset. */
export async function readSettingDate(db: Database, name: string): Promise<Date | null> {
  const [row] = await db
    .select({ data: systemSettings.data })
    .from(systemSettings)
    .where(eq(systemSettings.name, name));
  return row?.data ?? null;
}

/** Every setting, by name. */
export async function listSettings(db: Executor): Promise<SettingRow[]> {
  return db.select().from(systemSettings).orderBy(asc(systemSettings.name));
}

/** Sets a named setting's date-time (null unsets it), creating the setting if the seed lacks it. */
export async function writeSettingDate(db: Executor, name: string, data: Date | null): Promise<SettingRow> {
  const [row] = await db
    .insert(systemSettings)
    .values({ name, data })
    .onConflictDoUpdate({ target: systemSettings.name, set: { data } })
    .returning();
  return row!;
}

/** A named setting's row, locked until the transaction ends; undefined when missing. */
export async function lockSettingDate(db: Executor, name: string): Promise<SettingRow | undefined> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.name, name)).for('update');
  return row;
}
