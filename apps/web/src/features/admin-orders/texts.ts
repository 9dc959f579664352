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
  cost: 'Стоимость',
  tip: 'Чаевые',
  status: 'Статус',
  details: 'Подробнее',
  empty: 'Заказов нет',
  loading: 'Загрузка заказов',
  filteredBy: 'Заказы клиента',
  clearFilter: 'Сбросить фильтр',
  noTip: 'Без чаевых',
  tipPending: '…',
  // Statuses (back office section 4)
  lookingForDesigner: 'Поиск дизайнера',
  inProgress: 'В работе',
  beingModerated: 'На модерации',
  completed: 'Выполнен',
  refused: 'Отказ',
  cancelled: 'Отменён',
  // The details
  order: 'Заказ',
  client: 'Клиент',
  clientName: 'Имя',
  balance: 'Баланс',
  balanceMain: 'Основной',
  balanceBonus: 'Бонусный',
  createdAt: 'Дата создания',
  total: 'Итого',
  executionTime: 'Время выполнения, мин',
  pictures: 'Изображения',
  downloadOriginal: 'Скачать оригинал',
  downloadDraft: 'Скачать черновик',
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
