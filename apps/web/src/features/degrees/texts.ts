/** Labels of the degree-of-action screen; the specification names the controls but gives no wording. */
export const DegreeText = {
  screenTitle: 'Степень действия',
  titleAdmin: 'Название (RU)',
  titleUser: 'Название (EN)',
  isDefault: 'По умолчанию',
  actions: 'Действия',
  add: 'Добавить',
  save: 'Сохранить',
  delete: 'Удалить',
  cancel: 'Отмена',
  required: 'Обязательное поле',
  deleteConfirm: 'Удалить степень действия?',
  defaultCannotBeDeleted: 'Степень действия по умолчанию нельзя удалить',
  empty: 'Степеней действия пока нет',
  loading: 'Загрузка степеней действия',
} as const;
