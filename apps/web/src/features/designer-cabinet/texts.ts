import { EXTENSION_MINUTES, EXTENSION_OFFER_SECONDS } from '@retouch/shared/dispatch';

/**
 * Labels of the designer cabinet (back office section 2) where the specification names a control but
 * gives no wording; the texts it does give are `DispatchText` in shared/dispatch.
 */
export const DesignerText = {
  screenTitle: 'Кабинет дизайнера',
  goOnDuty: 'Выйти на дежурство',
  idleHint: 'Начните смену и выйдите на дежурство, чтобы получать заказы.',
  searching: 'Идёт поиск заказа…',
  searchPaused: 'Нет связи с сервером: поиск продолжится, как только связь восстановится.',
  cancelSearch: 'Отменить поиск',
  inWork: 'Заказ в работе',
  // An order in hand while the connection is down past the server's grace period (issue 34)
  holdInDoubtTag: 'Заказ мог вернуться в очередь',
  holdInDoubt: (seconds: number) =>
    `Нет связи с сервером дольше ${seconds} с: заказ мог вернуться в очередь. ` +
    'Когда связь восстановится, станет известно, ваш ли он.',
  holdKept: 'Связь восстановлена: заказ по-прежнему ваш, отсчёт времени продолжается',
  /** Ours instead of the server's awayTooLong, which says the order went to another designer: it may not. */
  awayTooLong: (seconds: number | null) =>
    `Вас не было в сети ${seconds ? `дольше ${seconds} с` : 'слишком долго'}: заказ вернулся в очередь`,
  orderBackToYou: 'Заказ снова ваш: он вернулся к вам из очереди',
  timeLeft: 'Осталось времени',
  // Why the search stopped when the order's time ran out (issue 36), beside the button that resumes it
  stoppedAfterOfferLapsed:
    'Вы не продлили время, и заказ снят с вас, поэтому поиск заказов остановлен. ' +
    'Выйдите на дежурство, когда будете готовы.',
  stoppedAfterTimeRanOut:
    'Время на заказ истекло, и он снят с вас, поэтому поиск заказов остановлен. ' +
    'Выйдите на дежурство, когда будете готовы.',
  queueSize: 'Заказов в очереди',
  earnedToday: 'Заработано сегодня, токены',
  designerPay: 'Оплата за заказ, токены',
  extend: 'Продлить',
  // The order
  pictures: 'Изображения',
  downloadOriginal: 'Скачать оригинал',
  downloadDraft: 'Скачать черновик',
  additionalPhoto: 'Дополнительное фото',
  clientMessage: 'Сообщение клиента',
  persons: 'Персоны и услуги',
  degrees: 'Степень действия',
  option: 'Опция',
  edited: 'Изменено',
  inactive: 'Отключена',
  editServices: 'Редактировать услуги',
  finishEditing: 'Готово',
  entryActive: (title: string) => `Услуга активна: ${title}`,
  // Adding a service
  addService: 'Добавить услугу',
  person: 'Персона',
  group: 'Группа',
  service: 'Услуга',
  add: 'Добавить',
  // Result and refusal
  handIn: 'Сдача работы',
  result: 'Результат',
  chooseResult: 'Выбрать изображение',
  resultPreview: 'Предпросмотр результата',
  send: 'Отправить на проверку',
  uploadProgress: 'Загрузка результата',
  refuseReason: 'Причина отказа',
  refuse: 'Отказаться',
  refuseConfirm: 'Отказаться от выполнения заказа?',
  // Remarks of this round
  remarks: 'Замечания к работе',
  revisionRequest: 'Клиент просит доработать заказ',
  moderatorRemarks: 'Замечания модератора',
  moderatorPicture: 'Исправления модератора на результате',
  // History
  history: 'История обработки',
  historyEmpty: 'Попыток пока не было',
  historyDesigner: 'Дизайнер',
  historyStart: 'Начало',
  historyEnd: 'Окончание',
  historyResult: 'Результат',
  historyComment: 'Причина / комментарий',
  resultRefused: 'Отказ',
  resultCompleted: 'Выполнен',
  resultOverdue: 'Просрочен',
  resultInterrupted: 'Прерван (нет связи)',
  resultInWork: 'В работе',
  // Top bar
  orderAlerts: 'Уведомления о заказах',
  // Said to screen readers only
  extensionOffered: (timeLeft: string | null) =>
    [
      `Предложено продлить время заказа на ${EXTENSION_MINUTES} минут.`,
      timeLeft && `Осталось времени: ${timeLeft}.`,
      `Нажмите «Продлить» в течение ${EXTENSION_OFFER_SECONDS} секунд.`,
    ]
      .filter(Boolean)
      .join(' '),
  connectionLost: 'Нет связи с сервером.',
  connectionRestored: 'Связь с сервером восстановлена.',
} as const;
