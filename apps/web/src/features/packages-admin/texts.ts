import type { Product } from '@retouch/shared/payments';

/**
 * Labels of the token packages screen (/admin/pay-config) that the specification does not write out.
 * Validation texts come from `PackageText`, notifications from `CatalogNotice` in the shared package.
 */
export const PackagesAdminText = {
  addPackage: 'Добавить пакет',
  newPackage: 'Новый пакет',
  editPackage: 'Изменить пакет',
  deleteConfirm: 'Удалить пакет?',
  empty: 'Пакетов пока нет',
  loading: 'Загрузка пакетов',
  cost: 'Стоимость, $',
  description: 'Описание',
  charge: 'Токены',
  bonus: 'Бонус',
  merchantId: 'merchant_id',
  actions: 'Действия',
  add: 'Добавить',
  save: 'Сохранить',
  cancel: 'Отмена',
  delete: 'Удалить',
} as const;

/** Accessible names of the per-row controls, which must say which package they act on. */
export const PackageRowLabel = {
  edit: (product: Product) => `Изменить «${product.description}»`,
  delete: (product: Product) => `Удалить «${product.description}»`,
} as const;
