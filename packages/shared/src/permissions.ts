import { z } from 'zod';

/** Permission signs 0-8 of the specification (back office section 3). */
export const PermissionSign = {
  showAdmin: 0,
  editServices: 1,
  lookUsers: 2,
  editUsers: 3,
  lookOrders: 4,
  cabinetDesigner: 5,
  cabinetModer: 6,
  editPayConfig: 7,
  editSite: 8,
} as const;

export type PermissionName = keyof typeof PermissionSign;
export type PermissionSignValue = (typeof PermissionSign)[PermissionName];

/** Every sign, in order. */
export const ALL_PERMISSION_SIGNS: readonly PermissionSignValue[] = Object.values(PermissionSign);

/** Russian descriptions of the signs, shown on the roles screen. */
export const PERMISSION_DESCRIPTIONS: Record<PermissionSignValue, string> = {
  0: 'Доступ к админ-панели',
  1: 'Редактирование услуг',
  2: 'Просмотр пользователей',
  3: 'Редактирование пользователей',
  4: 'Просмотр заказов',
  5: 'Кабинет дизайнера',
  6: 'Кабинет модератора',
  7: 'Настройка оплаты',
  8: 'Настройки сайта',
};

export interface PermissionEntry {
  sign: PermissionSignValue;
  status: boolean;
}

/** `GET /api/admin/permissions/user` answer: one entry per sign. */
export const permissionListSchema: z.ZodType<PermissionEntry[]> = z.array(
  z.object({ sign: z.literal(ALL_PERMISSION_SIGNS), status: z.boolean() }),
);

/** Role titles the seed creates; Admin and User are protected from editing and deletion. */
export const RoleTitle = {
  admin: 'Admin',
  user: 'User',
  designer: 'Designer',
  moderator: 'Moderator',
  /** Not a stored role: the role a user with their own permission switches holds (back office section 3). */
  custom: 'custom',
} as const;

export const PROTECTED_ROLE_TITLES: readonly string[] = [RoleTitle.admin, RoleTitle.user];

/** Signs granted to the seeded roles. */
export const SEED_ROLE_SIGNS: Record<string, readonly PermissionSignValue[]> = {
  [RoleTitle.admin]: ALL_PERMISSION_SIGNS,
  [RoleTitle.user]: [],
  [RoleTitle.designer]: [PermissionSign.showAdmin, PermissionSign.cabinetDesigner],
  [RoleTitle.moderator]: [
    PermissionSign.showAdmin,
    PermissionSign.cabinetDesigner,
    PermissionSign.cabinetModer,
  ],
};

/** The role a user holds as answers name it: `custom` while their own switches replace the role's. */
export function heldRoleTitle(roleTitle: string, customPermissions: boolean): string {
  return customPermissions ? RoleTitle.custom : roleTitle;
}

/** A role title other than User is staff (customer-side section 6). */
export function isStaffRole(roleTitle: string): boolean {
  return roleTitle !== RoleTitle.user;
}

/** True when the list grants the sign. */
export function hasPermission(permissions: readonly PermissionEntry[], sign: PermissionSignValue): boolean {
  return permissions.some((p) => p.sign === sign && p.status);
}
