import {
  SettingsText,
  settingDateBodySchema,
  type SettingUpdateAnswer,
  type SystemSetting,
  type SystemSettingsAnswer,
} from '@retouch/shared/settings';
import type { Executor } from '../../db/client';
import { SystemSettingName } from '../../db/schema/index';
import { parseInput } from '../../lib/validation';
import { listSettings, writeSettingDate, type SettingRow } from './settings.repository';

function toSystemSetting(row: SettingRow): SystemSetting {
  return { _id: row.id, name: row.name, data: row.data?.toISOString() ?? null };
}

/** Every site setting, as the back office's table reads it. */
export async function listSystemSettings(db: Executor): Promise<SystemSettingsAnswer> {
  return { data: (await listSettings(db)).map(toSystemSetting) };
}

/** Moves the moment until which work is said to be delayed; the public overload check reads it on every call. */
export async function setOrderOverload(db: Executor, body: unknown): Promise<SettingUpdateAnswer> {
  const { data } = parseInput(settingDateBodySchema, body);
  const row = await writeSettingDate(db, SystemSettingName.orderOverload, new Date(data));
  return { message: SettingsText.updated, setting: toSystemSetting(row) };
}
