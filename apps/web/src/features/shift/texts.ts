/** Labels of the shift button in the admin top bar (back office section 2); the specification gives no wording. */
export const ShiftText = {
  start: 'Начать смену',
  end: 'Завершить смену',
  onShiftSince: (time: string) => `На смене с ${time}`,
  endWithOrderTitle: 'Завершить смену с заказом в работе?',
  endWithOrderContent: 'Заказ вернётся в очередь и достанется другому дизайнеру.',
  endWithOrderConfirm: 'Завершить смену',
  cancel: 'Отмена',
} as const;
