import type { AdminUser } from '@retouch/shared/admin-users';

/**
 * Labels of the users screen (/admin/user-management) that the specification does not write out.
 * Validation and notification texts come from `AdminUsersText` in the shared package.
 */
export const UserManagementText = {
  title: 'Пользователи',
  searchPlaceholder: 'Поиск по e-mail',
  search: 'Найти',
  administrators: 'Администраторы',
  ordinaryUsers: 'Обычные пользователи',
  showAdministrators: 'Показывать администраторов',
  addUser: 'Добавить пользователя',
  exportCsv: 'Экспорт CSV',
  newUser: 'Новый пользователь',
  editUser: 'Изменить пользователя',
  userPermissions: 'Роль и права',
  email: 'E-mail',
  giveName: 'Имя',
  familyName: 'Фамилия',
  name: 'Имя и фамилия',
  password: 'Пароль',
  repeatPassword: 'Повторите пароль',
  newPassword: 'Новый пароль',
  passwordHint: 'Оставьте пустым, чтобы не менять пароль',
  balanceMain: 'Токены',
  balanceBonus: 'Бонус',
  balance: 'Баланс',
  role: 'Роль',
  customRole: 'индивидуальные права',
  createdAt: 'Дата регистрации',
  actions: 'Действия',
  deleteConfirm: 'Удалить пользователя?',
  add: 'Добавить',
  save: 'Сохранить',
  cancel: 'Отмена',
  delete: 'Удалить',
  close: 'Закрыть',
  empty: 'Пользователей не найдено',
  loading: 'Загрузка пользователей',
  assignRole: 'Назначить роль',
  chooseRole: 'Выберите роль',
  customPermissions: 'Индивидуальные права',
  customOn: 'Действуют индивидуальные права пользователя',
  customOff: 'Действуют права роли',
  saveCustom: 'Сохранить индивидуальные права',
} as const;

/** Accessible names of the per-row controls, which must say which user they act on. */
export const UserRowLabel = {
  edit: (user: AdminUser) => `Изменить ${user.email}`,
  delete: (user: AdminUser) => `Удалить ${user.email}`,
  permissions: (user: AdminUser) => `Роль и права ${user.email}`,
} as const;
