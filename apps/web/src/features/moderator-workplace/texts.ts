/**
 * Labels of the moderator workplace (back office sections 2 and 4) where the specification names a
 * control but gives no wording; the texts it does give are `ReviewText` in shared/review.
 */
export const ModeratorText = {
  screenTitle: 'Кабинет модератора',
  goOnDuty: 'Выйти на дежурство',
  idleHint: 'Выйдите на дежурство, чтобы получать заказы на проверку.',
  searching: 'Идёт поиск заказа на проверку…',
  cancelSearch: 'Отменить поиск',
  orderArrived: 'Заказ на проверку получен',
  reviewingResult: 'Проверка результата',
  reviewingRefusal: 'Проверка отказа',
  timeLeft: 'Осталось времени',
  // An order under review while the connection is down past the server's grace period (issue 34)
  holdInDoubtTag: 'Заказ мог вернуться в очередь',
  holdInDoubt: (seconds: number) =>
    `Нет связи с сервером дольше ${seconds} с: заказ мог вернуться в очередь. ` +
    'Когда связь восстановится, станет известно, ваш ли он.',
  holdKept: 'Связь восстановлена: заказ по-прежнему ваш',
  awayTooLong: (seconds: number) => `Вас не было в сети дольше ${seconds} с: заказ вернулся в очередь`,
  orderBackToYou: 'Заказ снова ваш: он вернулся к вам из очереди',
  stopReviewing: 'Завершить проверку',
  queueSize: 'Заказов на проверке',
  total: 'Сумма заказа, токены',
  createdAt: 'Дата создания',
  // Decisions
  decision: 'Решение',
  approve: 'Принять',
  fix: 'Исправить',
  notAgree: 'Не согласен',
  // The drawing editor
  fixTitle: 'Исправление работы',
  canvas: 'Холст с результатом дизайнера',
  brushColor: 'Цвет кисти',
  brushColorValue: (color: string) => `Цвет кисти: ${color}`,
  undo: 'Отменить',
  comment: 'Комментарий для дизайнера',
  send: 'Отправить на доработку',
  cancel: 'Закрыть',
  uploadProgress: 'Загрузка исправления',
  imageNotReady: 'Изображение ещё не загружено',
  // Marking a region with the keyboard
  regionMark: 'Отметка области без мыши',
  regionMarkHint:
    'Выберите область стрелками, напишите замечание и добавьте отметку: она будет нарисована на изображении.',
  region: 'Область изображения',
  regions: [
    'Вверху слева',
    'Вверху по центру',
    'Вверху справа',
    'Слева по центру',
    'В центре',
    'Справа по центру',
    'Внизу слева',
    'Внизу по центру',
    'Внизу справа',
  ],
  regionMarkText: 'Текст отметки',
  addRegionMark: 'Добавить отметку',
  regionMarks: 'Отметки по областям',
  removeRegionMark: (number: number, region: string) => `Удалить отметку ${number}: ${region}`,
  regionMarkAdded: (region: string) => `Отметка добавлена: ${region}`,
  regionMarkRemoved: (region: string) => `Отметка удалена: ${region}`,
  // Pictures
  pictures: 'Изображения',
  originalAndResult: 'Оригинал и результат дизайнера',
  originalAndDraft: 'Оригинал и черновик',
  draft: 'Черновик клиента',
  result: 'Результат дизайнера',
  clientMessage: 'Сообщение клиента',
  // Said to screen readers only
  connectionLost: 'Нет связи с сервером.',
  connectionRestored: 'Связь с сервером восстановлена.',
} as const;
