import { z } from 'zod';
import {
  DEFAULT_ADMIN_PAGE_SIZE,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './constants';
import { CatalogNotice } from './catalog';
import { AdminServerText } from './texts';
import { ALL_PERMISSION_SIGNS, PERMISSION_DESCRIPTIONS, type PermissionSignValue } from './permissions';
import { AdminPasswordText, weakPasswordCheck } from './users';

/** Largest page of `GET /api/admin/users`: the analytics screen loads staff with this cap (section 9). */
export const MAX_ADMIN_USERS_LIMIT = 10_000;
/** Role name length: at least 2, fewer than 32 characters (back office sections 5 and 9). */
export const ROLE_TITLE_MIN_LENGTH = 2;
export const ROLE_TITLE_MAX_LENGTH = 31;
/** Largest balance part an admin may set; keeps the integer columns far from overflow. */
export const MAX_ADMIN_BALANCE = 1_000_000_000;

/** Texts of users, roles and permissions: the specification's (sections 5 and 8), then our own. */
export const AdminUsersText = {
  fieldsNotFilled: 'Вы не заполнили поля',
  passwordsDontMatch: 'Пароли не совпадают',
  roleTitleEmpty: 'Имя роли не может быть пустым.',
  roleTitleTooShort: 'Имя роли слишком короткое',
  roleTitleTooLong: 'Имя роли слишком длинное',
  userCreated: 'Пользователь успешно создан',
  userUpdated: 'Пользователь успешно обновлён',
  userDeleted: 'Пользователь успешно удалён',
  roleChanged: 'Роль успешно изменена',
  roleDeleted: 'Роль успешно удалена',
  userDeleteFailed: 'Что-то пошло не так...',
  // Section 8 has no text of its own for a new role: its generic 'Добавлено'. A change of a user's own
  // switches (their role custom, section 3) says 'Роль успешно изменена' like a change of a role's switches.
  roleCreated: CatalogNotice.added,
  // Our wording where the specification gives none.
  emailInvalid: 'Некорректный e-mail',
  passwordTooShort: `Пароль должен быть не короче ${MIN_PASSWORD_LENGTH} символов`,
  balanceMin: 'Минимум 1',
  balanceInvalid: 'Баланс должен быть целым неотрицательным числом',
  userNotFound: 'Пользователь не найден',
  emailTaken: AdminServerText.emailTaken,
  roleNotFound: 'Роль не найдена',
  roleTitleTaken: 'Роль с таким именем уже существует',
  roleProtected: 'Роли Admin и User нельзя изменять или удалять',
  roleInUse: 'Роль назначена пользователям: сначала назначьте им другую роль',
  cannotDeleteSelf: 'Вы не можете удалить свою учётную запись',
  cannotLockOutSelf: 'Вы не можете лишить себя права на управление пользователями',
  customOnlyForStaff: 'Индивидуальные права назначаются только сотрудникам: сначала назначьте роль',
  // Nobody grants what they do not hold (issue 35): our wording, the specification gives none.
  notOnSelf: 'Вы не можете менять собственные роль, права и баланс',
  adminOnlyByAdmin: 'Администратора может изменять только администратор',
  beyondYourRights: 'У пользователя есть права, которых нет у вас: изменить его вы не можете',
  cannotGrant: 'Нельзя выдать права, которых нет у вас',
} as const;

/** A readable Russian name of a permission sign. */
export function permissionDescription(sign: PermissionSignValue): string {
  return PERMISSION_DESCRIPTIONS[sign];
}

const permissionSignSchema = z.literal(ALL_PERMISSION_SIGNS);

/** A `{sign, status}` switch; sent lists may name a sign once only. */
export const permissionSwitchSchema = z.object({ sign: permissionSignSchema, status: z.boolean() });
export type PermissionSwitch = z.infer<typeof permissionSwitchSchema>;

const permissionSwitchesSchema = z
  .array(permissionSwitchSchema)
  .max(ALL_PERMISSION_SIGNS.length)
  .refine((list) => new Set(list.map((p) => p.sign)).size === list.length, 'Повторяющийся знак права');

const emailSchema = z
  .string({ error: AdminUsersText.fieldsNotFilled })
  .trim()
  .min(1, AdminUsersText.fieldsNotFilled)
  .max(254)
  .pipe(z.email({ error: AdminUsersText.emailInvalid }))
  .transform((value) => value.toLowerCase());

const passwordSchema = z
  .string({ error: AdminUsersText.fieldsNotFilled })
  .min(1, AdminUsersText.fieldsNotFilled)
  .min(MIN_PASSWORD_LENGTH, AdminUsersText.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH)
  .check(weakPasswordCheck(AdminPasswordText));

const namePartSchema = z
  .string({ error: AdminUsersText.fieldsNotFilled })
  .trim()
  .min(1, AdminUsersText.fieldsNotFilled)
  .max(MAX_NAME_LENGTH);

export const adminNameSchema = z.object({ giveName: namePartSchema, familyName: namePartSchema });

const idSchema = z.uuid({ error: AdminUsersText.roleNotFound });

/** `GET /api/admin/users` query (back office section 7). */
export const adminUsersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_ADMIN_USERS_LIMIT).default(DEFAULT_ADMIN_PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
  date: z.enum(['ASC', 'DESC']).default('DESC'),
  /** true: staff (role title not User); false: ordinary users; absent: everyone. */
  onlyAdmin: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  searchByEmail: z.string().trim().max(254).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

/** `GET /api/admin/users/export` query: the table's search, switch and sort, every page. */
export const adminUsersExportQuerySchema = adminUsersQuerySchema.omit({ limit: true, page: true });
export type AdminUsersFilter = z.output<typeof adminUsersExportQuerySchema>;

export const adminUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.object({ giveName: z.string(), familyName: z.string() }),
  balance: z.object({ main: z.number().int(), bonus: z.number().int() }),
  role: z.object({ _id: z.string(), title: z.string() }),
  /** The user's own permission switches replace the role's. */
  customPermissions: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/users` answer. */
export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** `POST /api/admin/user/registration` body: a confirmed account, role User unless `role` names one. */
export const adminRegistrationSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: adminNameSchema,
  role: z.object({ _id: idSchema }).optional(),
});
export type AdminRegistrationBody = z.input<typeof adminRegistrationSchema>;

const balancePartSchema = z
  .number({ error: AdminUsersText.balanceInvalid })
  .int(AdminUsersText.balanceInvalid)
  .min(0, AdminUsersText.balanceInvalid)
  .max(MAX_ADMIN_BALANCE, AdminUsersText.balanceInvalid);

/**
 * `PATCH /api/admin/user/change/info/{id}` body. Every part is optional: an empty password keeps the old
 * one, and a balance is the new absolute value (the server writes the difference to the ledger).
 */
export const adminChangeUserSchema = z.object({
  name: adminNameSchema.optional(),
  password: z
    .string()
    .max(MAX_PASSWORD_LENGTH)
    .refine((value) => value === '' || value.length >= MIN_PASSWORD_LENGTH, AdminUsersText.passwordTooShort)
    .check(weakPasswordCheck(AdminPasswordText))
    .optional()
    .transform((value) => (value ? value : undefined)),
  balance: z.object({ main: balancePartSchema, bonus: balancePartSchema }).optional(),
});
export type AdminChangeUserBody = z.input<typeof adminChangeUserSchema>;

/** Answer of creating or changing a user. */
export const adminUserAnswerSchema = z.object({ message: z.string(), user: adminUserSchema });
export type AdminUserAnswer = z.infer<typeof adminUserAnswerSchema>;

/** A role name: trimmed, 2 to 31 characters, with the specification's texts. */
export const roleTitleSchema = z
  .string({ error: AdminUsersText.roleTitleEmpty })
  .trim()
  .min(1, AdminUsersText.roleTitleEmpty)
  .min(ROLE_TITLE_MIN_LENGTH, AdminUsersText.roleTitleTooShort)
  .max(ROLE_TITLE_MAX_LENGTH, AdminUsersText.roleTitleTooLong);

/** `POST /api/admin/permissions/role` body: a new role, every sign off. */
export const createRoleSchema = z.object({ title: roleTitleSchema });
export type CreateRoleBody = z.input<typeof createRoleSchema>;

/** `PATCH /api/admin/permissions/role/{id}` body: the switches to change (others keep theirs), and a new name. */
export const updateRoleSchema = z
  .object({ permissions: permissionSwitchesSchema.optional(), title: roleTitleSchema.optional() })
  .refine((body) => body.permissions !== undefined || body.title !== undefined, 'Нет изменений');
export type UpdateRoleBody = z.input<typeof updateRoleSchema>;

/** A role's permission (back office section 3: `{_id, status, description}`), its sign beside. */
export const rolePermissionSchema = z.object({
  /** The permission's id: its sign, as the nine permissions are fixed. */
  _id: z.string(),
  sign: permissionSignSchema,
  status: z.boolean(),
  /** The readable Russian name of the sign. */
  description: z.string(),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

/** A role with its nine permissions; `protected` roles (Admin, User) cannot be edited or deleted. */
export const roleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  protected: z.boolean(),
  permissions: z.array(rolePermissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListSchema = z.array(roleSchema);

/** `PATCH /api/admin/permissions/role/{id}` answer. */
export const roleAnswerSchema = z.object({ message: z.string(), role: roleSchema });
export type RoleAnswer = z.infer<typeof roleAnswerSchema>;

/** `PATCH /api/admin/permissions/role/user/{userId}` body: the role to assign (custom switches end). */
export const assignRoleSchema = z.object({ _id: idSchema });
export type AssignRoleBody = z.infer<typeof assignRoleSchema>;

/** `PATCH /api/admin/permissions/custom/user/{userId}` body: switches over the user's current permissions. */
export const customPermissionsSchema = z.object({ permissions: permissionSwitchesSchema });
export type CustomPermissionsBody = z.infer<typeof customPermissionsSchema>;

/**
 * `GET /api/admin/permissions/user/{userId}` answer: the nine effective signs, the custom flag and the
 * role: titled `custom` while the user's own switches apply, `_id` the role they return to.
 */
export const userPermissionsSchema = z.object({
  permissions: z.array(permissionSwitchSchema),
  custom: z.boolean(),
  role: z.object({ _id: z.string(), title: z.string() }),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

/** Answer of assigning a role or custom switches to a user. */
export const userPermissionsAnswerSchema = z.object({
  message: z.string(),
  permissions: userPermissionsSchema,
});
export type UserPermissionsAnswer = z.infer<typeof userPermissionsAnswerSchema>;
