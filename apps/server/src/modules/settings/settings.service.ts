import {
  SettingsText,
  type SettingDateBody,
  type SettingUpdateAnswer,
  type SystemSetting,
  type SystemSettingsAnswer,
} from '@retouch/shared/settings';
import { AuditAction, AuditTarget } from '@retouch/shared/audit';
import type { Database, Executor } from '../../db/client';
import { SystemSettingName } from '../../db/values';
import { recordAudit } from '../audit/audit.repository';
import { listSettings, lockSettingDate, writeSettingDate, type SettingRow } from './settings.repository';

function toSystemSetting(row: SettingRow): SystemSetting {
  return { _id: row.id, name: row.name, data: row.data?.toISOString() ?? null };
}

/** Every site setting, as the back office's table reads it. */
export async function listSystemSettings(db: Executor): Promise<SystemSettingsAnswer> {
  return { data: (await listSettings(db)).map(toSystemSetting) };
}

/** The moment a setting holds, comparable: its time in ms, or null when unset. */
const momentOf = (date: Date | null | undefined) => date?.getTime() ?? null;

/**
 * Moves the moment until which work is said to be delayed, or clears it (null); the public overload
 * check reads it on every call. The moment it already holds is neither written nor logged again.
 */
export async function setOrderOverload(
  db: Database,
  actorId: string,
  { data }: SettingDateBody,
): Promise<SettingUpdateAnswer> {
  const until = data === null ? null : new Date(data);
  const row = await db.transaction(async (tx) => {
    const before = await lockSettingDate(tx, SystemSettingName.orderOverload);
    if (before && momentOf(before.data) === momentOf(until)) return before;
    const written = await writeSettingDate(tx, SystemSettingName.orderOverload, until);
    await recordAudit(tx, {
      actorId,
      action: AuditAction.update,
      target: { type: AuditTarget.setting, id: written.id, label: SystemSettingName.orderOverload },
      before: { data: before?.data?.toISOString() ?? null },
      after: { data: written.data?.toISOString() ?? null },
    });
    return written;
  });
  return { message: SettingsText.updated, setting: toSystemSetting(row) };
}
