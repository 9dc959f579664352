import { z } from 'zod';

/** Names of the site settings; the specification leaves them open (back-office section 7). */
export const SettingName = {
  /** Work may be delayed while this moment lies in the future. */
  orderOverload: 'order overload',
} as const;

/** Texts of the site settings: the specification's success notice, then our own wording. */
export const SettingsText = {
  updated: 'Настройка успешно обновлёна',
  invalidDate: 'Неверная дата: нужны дата и время в формате ISO 8601 с часовым поясом',
} as const;

/** A date-time with its offset (or Z) that names a real moment. */
const isoDateTime = z.iso
  .datetime({ offset: true, error: SettingsText.invalidDate })
  .refine((value) => !Number.isNaN(Date.parse(value)), SettingsText.invalidDate);

/** One site setting (back-office section 3, System setting); `data` is null while the setting is unset. */
export const systemSettingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  data: z.iso.datetime({ offset: true }).nullable(),
});
export type SystemSetting = z.infer<typeof systemSettingSchema>;

/** `GET /api/admin/system/settings` answer: the list sits in `data`. */
export const systemSettingsAnswerSchema = z.object({ data: z.array(systemSettingSchema) });
export type SystemSettingsAnswer = z.infer<typeof systemSettingsAnswerSchema>;

/** An empty date: the setting is cleared (the date picker's clear sends null). */
const clearedDate = z.union([z.null(), z.literal('')]).transform(() => null);

/** `PATCH /api/admin/system/settings/order/overload` body: the new moment, or null (or '') to clear it. */
export const settingDateBodySchema = z.object(
  { data: z.union([isoDateTime, clearedDate], { error: SettingsText.invalidDate }) },
  { error: SettingsText.invalidDate },
);
export type SettingDateBody = z.infer<typeof settingDateBodySchema>;

/** `PATCH /api/admin/system/settings/order/overload` answer. */
export const settingUpdateAnswerSchema = z.object({
  message: z.string(),
  setting: systemSettingSchema,
});
export type SettingUpdateAnswer = z.infer<typeof settingUpdateAnswerSchema>;
