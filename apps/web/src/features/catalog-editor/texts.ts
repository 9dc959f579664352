/**
 * Labels of the catalogue editor that the specification does not write out (our wording).
 * Validation and notification texts come from `CatalogText` and `CatalogNotice` in the shared package.
 */
export const CatalogEditorText = {
  title: 'Услуги',
  loadFailed: 'Не удалось загрузить каталог',
  templates: 'Шаблоны',
  // Groups
  addGroup: 'Добавить группу',
  newGroup: 'Новая группа',
  editGroup: 'Изменить группу',
  deleteGroup: 'Удалить группу',
  deleteGroupConfirm: 'Удалить группу вместе с её услугами?',
  noGroups: 'Групп услуг пока нет',
  groupOn: 'Включена',
  groupOff: 'Выключена',
  // Services
  addService: 'Добавить услугу',
  newService: 'Новая услуга',
  editService: 'Изменить услугу',
  deleteServiceConfirm: 'Удалить услугу?',
  noServices: 'В группе пока нет услуг',
  options: 'Доп. услуги',
  // Options
  optionsTitle: 'Дополнительные услуги',
  addOption: 'Добавить дополнительную услугу',
  newOption: 'Новая дополнительная услуга',
  editOption: 'Изменить дополнительную услугу',
  deleteOptionConfirm: 'Удалить дополнительную услугу?',
  noOptions: 'Дополнительных услуг пока нет',
  fillFromTemplate: 'Заполнить из шаблона',
  // Templates
  templatesTitle: 'Шаблоны дополнительных услуг',
  addTemplate: 'Добавить шаблон',
  newTemplate: 'Новый шаблон',
  editTemplate: 'Изменить шаблон',
  deleteTemplateConfirm: 'Удалить шаблон?',
  noTemplates: 'Шаблонов пока нет',
  // Fields and columns
  picture: 'Изображение',
  name: 'Название',
  nameRu: 'Название (RU)',
  nameEn: 'Название (EN)',
  descriptionRu: 'Описание (RU)',
  descriptionEn: 'Описание (EN)',
  instruction: 'Инструкция для дизайнера',
  cost: 'Стоимость, токенов',
  designerPrice: 'Оплата дизайнеру, токенов',
  executionTime: 'Время выполнения, мин',
  status: 'Статус',
  actions: 'Действия',
  mainImage: 'Основное изображение',
  beforeImage: 'Изображение «до»',
  afterImage: 'Изображение «после»',
  chooseImage: 'Выбрать',
  uploadProgress: 'Загрузка',
  embedInCanvas: 'Встраивать в холст',
  allowMessage: 'Клиент может оставить пожелания',
  allowAdditionalImage: 'Клиент может приложить дополнительное фото',
  multi: 'Можно выбрать несколько раз',
  multiDegree: 'Несколько степеней действия',
  degrees: 'Степени действия',
  degreeUntitled: 'Без названия',
  degreeDefault: 'по умолчанию',
  // Buttons
  add: 'Добавить',
  save: 'Сохранить',
  cancel: 'Отмена',
  delete: 'Удалить',
} as const;

/** Accessible names of the per-row controls, which must say which row they act on. */
export const CatalogEditorLabel = {
  edit: (title: string) => `Изменить «${title}»`,
  delete: (title: string) => `Удалить «${title}»`,
  status: (title: string) => `Статус «${title}»`,
  options: (title: string) => `${CatalogEditorText.optionsTitle} «${title}»`,
  chooseImage: (field: string) => `${CatalogEditorText.chooseImage}: ${field}`,
  preview: (field: string) => `Предпросмотр: ${field}`,
} as const;
