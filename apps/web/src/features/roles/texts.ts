import type { Role } from '@retouch/shared/admin-users';

/**
 * Labels of the roles screen (/admin/roles) that the specification does not write out.
 * Validation and notification texts come from `AdminUsersText` in the shared package.
 */
export const RolesText = {
  title: 'Роли',
  roleName: 'Имя роли',
  createRole: 'Создать роль',
  permissions: 'Права',
  protected: 'Защищённая',
  protectedHint: 'Роли Admin и User нельзя изменять или удалять',
  noPermissions: 'Нет прав',
  actions: 'Действия',
  editPermissions: 'Права роли',
  deleteConfirm: 'Удалить роль?',
  save: 'Сохранить',
  cancel: 'Отмена',
  delete: 'Удалить',
  empty: 'Ролей пока нет',
  loading: 'Загрузка ролей',
} as const;

/** Accessible names of the per-row controls, which must say which role they act on. */
export const RoleRowLabel = {
  edit: (role: Role) => `Изменить права роли ${role.title}`,
  delete: (role: Role) => `Удалить роль ${role.title}`,
} as const;
