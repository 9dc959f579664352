/**
 * Labels of the analytics screen (/admin/analytics). The 404 alert's text and button are the
 * specification's (back-office section 8; its title is `AdminText.error`); the rest is our wording.
 */
export const AnalyticsScreenText = {
  notFound: 'Статистика не найдена',
  back: 'Вернуться',
  range: 'Период',
  rangeStart: 'Начало периода',
  rangeEnd: 'Конец периода',
  staff: 'Сотрудник',
  staffPlaceholder: 'Мои данные: найдите сотрудника по e-mail',
  staffLoading: 'Загрузка сотрудников',
  loading: 'Загрузка статистики',
  date: 'Дата',
  shiftTime: 'Время на смене',
  ordersCount: 'Заказы',
  totalCost: 'Заработано, токены',
  // Tips here are cents (back office section 9), the orders' tips tokens: each label says its unit.
  tips: 'Чаевые, $',
  totalTips: 'Всего чаевых, $',
  noTips: '—',
  ordersChart: 'Заказы по дням',
  earningsChart: 'Заработок по дням, токены',
  chartsLoading: 'Загрузка графиков',
  exportCsv: 'Экспорт CSV',
} as const;

/** "2 ч 05 мин": time on shift as hours and minutes. */
export const formatHoursMinutes = (hours: number, minutes: number) =>
  `${hours} ч ${String(minutes).padStart(2, '0')} мин`;
