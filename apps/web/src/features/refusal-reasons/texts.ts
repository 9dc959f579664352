/** Labels of the refusal reasons editor; the specification names the controls but gives no wording. */
export const ReasonText = {
  screenTitle: 'Причины отказа',
  titleAdmin: 'Причина (RU)',
  titleUser: 'Причина (EN)',
  actions: 'Действия',
  add: 'Добавить',
  save: 'Сохранить',
  delete: 'Удалить',
  required: 'Обязательное поле',
  deleteConfirm: 'Удалить причину?',
  empty: 'Причин отказа пока нет',
  loading: 'Загрузка причин отказа',
} as const;
