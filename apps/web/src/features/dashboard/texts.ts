import { DASHBOARD_DAYS } from '@retouch/shared/dashboard';

/** Labels of the dashboard under the greeting of /admin (our wording: the specification shows none). */
export const DashboardText = {
  title: 'Сводка',
  waitingDesigner: 'Ждут дизайнера',
  waitingReview: 'Ждут проверки',
  designersOnDuty: 'Дизайнеров на смене',
  moderatorsOnDuty: 'Модераторов на проверке',
  medianHandling: 'Медиана обработки сегодня, мин',
  overdue: 'Просрочено',
  revenueToday: 'Выручка сегодня, токены',
  tipsToday: 'Чаевые сегодня, токены',
  /** Shown for the median while no order was approved today. */
  noValue: '—',
  chartTitle: `Заказы и выручка за ${DASHBOARD_DAYS} дней`,
  ordersSeries: 'Заказы',
  revenueSeries: 'Выручка, токены',
  date: 'Дата',
  daysTable: 'Таблица по дням',
  loading: 'Загрузка сводки',
  chartLoading: 'Загрузка графика',
  loadError: 'Не удалось загрузить сводку',
  refreshError: 'Не удалось обновить сводку: показаны прежние цифры',
} as const;

/** The chart's summary for those who cannot see it: the period's totals. */
export const daysSummary = (orders: string, revenue: string) =>
  `Итого за ${DASHBOARD_DAYS} дней: заказы — ${orders}, выручка в токенах — ${revenue}.`;
