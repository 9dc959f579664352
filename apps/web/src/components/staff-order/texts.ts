/**
 * Labels of an order's persons and processing history as staff see them (designer, moderator and
 * admin screens, back office sections 2 and 3); the specification names these parts but not their wording.
 */
export const StaffOrderText = {
  // Persons
  persons: 'Персоны и услуги',
  instruction: 'Инструкция',
  degrees: 'Степень действия',
  option: 'Опция',
  edited: 'Изменено',
  inactive: 'Отключена',
  // The clock of the order in hand, once the specification's countdown (10 minutes kept back) ran out
  toOrderEnd: 'До конца срока заказа',
  // History
  history: 'История обработки',
  historyEmpty: 'Попыток пока не было',
  historyDesigner: 'Дизайнер',
  historyStart: 'Начало',
  historyEnd: 'Окончание',
  historyResult: 'Результат',
  historyComment: 'Причина / сообщение',
  historyModerator: 'Модератор',
  historyReview: 'Проверка',
  historyReviewComment: 'Комментарий модератора',
  client: 'Клиент',
  resultRefused: 'Отказ',
  resultCompleted: 'Выполнен',
  resultOverdue: 'Просрочен',
  /** The designer was away past the grace period: the order went back to the queue. */
  resultInterrupted: 'Прерван (нет связи)',
  resultInWork: 'В работе',
  /** An attempt ended without a result: the order was cancelled by staff meanwhile. */
  resultCancelled: 'Заказ отменён',
  reviewPending: 'На проверке',
  reviewFixed: 'На доработку',
  /** The moderator disagreed with a designer's refusal, named as their button is («Не согласен»). */
  reviewNotAgreed: 'Не согласен',
  reviewApproved: 'Принято',
  /** A review ended without a decision: the order was cancelled by staff meanwhile. */
  reviewCancelled: 'Прервана',
} as const;
