import { OrderTableStatusText } from '@retouch/shared/admin-orders';

/**
 * Labels of the orders table (/admin/orders) and the order details (/admin/info/order/{id}) that the
 * specification does not write out. Its own texts are `AdminText` (shared/texts); the server's are
 * `AdminOrdersText` (shared/admin-orders).
 */
export const AdminOrdersUiText = {
  // The table
  id: 'ID',
  date: 'Дата',
  email: 'E-mail клиента',
  name: 'Имя клиента',
  // Amounts in tokens, as the customer pays and tips; analytics shows its tips in dollars.
  cost: 'Стоимость, токены',
  tip: 'Чаевые, токены',
  status: 'Статус',
  details: 'Подробнее',
  empty: 'Заказов нет',
  loading: 'Загрузка заказов',
  filteredBy: 'Заказы клиента',
  clearFilter: 'Сбросить фильтр',
  noTip: 'Без чаевых',
  tipPending: '…',
  // Statuses (back office section 4), the words the server's export writes too
  ...OrderTableStatusText,
  // Filters and export
  statusFilter: 'Статус',
  anyStatus: 'Все статусы',
  createdFilter: 'Дата создания',
  createdFrom: 'Создан с',
  createdTo: 'Создан по',
  exportCsv: 'Экспорт CSV',
  // The details
  order: 'Заказ',
  client: 'Клиент',
  clientName: 'Имя',
  balance: 'Баланс, токены',
  balanceMain: 'Основной',
  balanceBonus: 'Бонусный',
  createdAt: 'Дата создания',
  total: 'Итого, токены',
  executionTime: 'Время выполнения, мин',
  /** The newest moderator who reviewed the order. */
  moderator: 'Модератор',
  clientMessage: 'Комментарий клиента',
  /** Said for a detail the order has none of (no message, no moderator yet). */
  none: '—',
  pictures: 'Изображения',
  downloadOriginal: 'Скачать оригинал',
  downloadDraft: 'Скачать черновик',
  downloadResult: 'Скачать результат',
  clientOrders: 'Предыдущие заказы клиента',
  noClientOrders: 'Других заказов у клиента нет',
  // Cancel by staff
  cancelOrder: 'Отменить заказ',
  cancelConfirmTitle: 'Отменить заказ?',
  cancelConfirmText:
    'Заказ будет отменён, токены вернутся клиенту, а дизайнер или модератор, который его выполняет, будет освобождён.',
  cancelConfirm: 'Отменить заказ',
  cancelDismiss: 'Не отменять',
} as const;

/** Accessible names of per-row controls, which must say which order or client they act on. */
export const AdminOrdersRowLabel = {
  details: (orderId: string) => `Подробнее о заказе ${orderId}`,
  filterByEmail: (email: string) => `Показать заказы ${email}`,
  openOrder: (orderId: string) => `Открыть заказ ${orderId}`,
} as const;
