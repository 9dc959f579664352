import { SettingName } from '@retouch/shared/settings';

/**
 * Labels of the site-settings screen (/admin/site-settings) that the specification does not write out.
 * The success notice comes from `SettingsText` in the shared package.
 */
export const SiteSettingsText = {
  name: 'Настройка',
  value: 'Значение',
  actions: 'Действия',
  editTitle: 'Изменить настройку',
  dateTime: 'Дата и время',
  pickDateTime: 'Выберите дату и время',
  clearHint: 'Очистите поле, чтобы снять настройку',
  save: 'Сохранить',
  cancel: 'Отмена',
  loading: 'Загрузка настроек',
  empty: 'Настроек пока нет',
  unset: 'Не задано',
  editNeedsRight: 'Изменять настройки можно только с правом editSite',
  notEditable: 'Эту настройку нельзя изменить',
} as const;

/** Readable Russian names of the settings the server keeps under technical names. */
const SETTING_LABELS: Record<string, string> = {
  [SettingName.orderOverload]: 'Перегрузка заказов до',
};

/** The Russian label of a setting; an unknown one keeps its own name. */
export const settingLabel = (name: string) => SETTING_LABELS[name] ?? name;

/** Accessible names of the per-row controls, which must say which setting they act on. */
export const SettingRowLabel = {
  edit: (name: string) => `Изменить «${settingLabel(name)}»`,
} as const;
