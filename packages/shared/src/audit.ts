import { z } from 'zod';

/** What an audited action changed (issue 21). */
export const AuditTarget = {
  user: 'user',
  role: 'role',
  setting: 'setting',
  package: 'package',
  group: 'group',
  service: 'service',
  option: 'option',
  template: 'template',
  degree: 'degree',
  reason: 'reason',
  order: 'order',
} as const;
export type AuditTargetValue = (typeof AuditTarget)[keyof typeof AuditTarget];

/** What was done to it. */
export const AuditAction = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  /** A user's balance edited by staff (the ledger has the entry too, with the same actor). */
  balance: 'balance',
  /** A user given another role. */
  role: 'role',
  /** A user's own permission switches changed. */
  permissions: 'permissions',
  /** An order's services edited by the designer holding it (decision 47). */
  services: 'services',
  /** An order cancelled by staff: its condition before and after, and what was refunded. */
  cancel: 'cancel',
} as const;
export type AuditActionValue = (typeof AuditAction)[keyof typeof AuditAction];

/** Russian names of the targets and actions, as the audit screen shows them. */
export const AuditText = {
  screenTitle: 'Журнал действий',
  userTab: 'Журнал',
  when: 'Когда',
  who: 'Кто',
  what: 'Действие',
  target: 'Объект',
  change: 'Было → стало',
  empty: 'Действий пока нет',
  /** A password is never written to the log, only that it changed. */
  passwordBefore: 'прежний',
  passwordAfter: 'новый',
  targetFilter: 'Тип объекта',
  anyTarget: 'Все объекты',
  targets: {
    user: 'Пользователь',
    role: 'Роль',
    setting: 'Настройка',
    package: 'Пакет токенов',
    group: 'Группа услуг',
    service: 'Услуга',
    option: 'Опция',
    template: 'Шаблон опции',
    degree: 'Степень действия',
    reason: 'Причина отказа',
    order: 'Заказ',
  } satisfies Record<AuditTargetValue, string>,
  actions: {
    create: 'Создание',
    update: 'Изменение',
    delete: 'Удаление',
    balance: 'Изменение баланса',
    role: 'Смена роли',
    permissions: 'Изменение прав',
    services: 'Изменение услуг заказа',
    cancel: 'Отмена',
  } satisfies Record<AuditActionValue, string>,
} as const;

const auditTargetTypes = Object.values(AuditTarget) as [AuditTargetValue, ...AuditTargetValue[]];
const auditActions = Object.values(AuditAction) as [AuditActionValue, ...AuditActionValue[]];

/** One entry as the audit screen gets it. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  actor: z.object({ _id: z.string(), email: z.string() }),
  action: z.enum(auditActions),
  target: z.object({ type: z.enum(auditTargetTypes), _id: z.string(), label: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/admin/audit` answer: a page of entries and how many match in all. */
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `GET /api/admin/audit`: a page, newest first, optionally of one target or one actor. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  targetType: z.enum(auditTargetTypes).optional(),
  targetId: z.string().min(1).max(100).optional(),
  actorId: z.uuid().optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
