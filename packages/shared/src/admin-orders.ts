import { z } from 'zod';
import { DEFAULT_ADMIN_PAGE_SIZE } from './constants';
import { ORDER_STATUS_KINDS, orderStatus, type OrderStatusKind, type TimedOrder } from './order-status';

/** Largest page or list the admin order calls answer. */
export const MAX_ADMIN_ORDERS_LIMIT = 100;
/** How many of the client's orders the order details load (back office section 9); the current one is dropped. */
export const CLIENT_ORDERS_LIMIT = 41;

// Which conditions staff may cancel is the transition table's (order-flow); the server imports it from here.
export { isCancellable } from './order-flow';

/** Server texts of the admin orders (the specification gives none of them). */
export const AdminOrdersText = {
  orderNotFound: 'Заказ не найден',
  userNotFound: 'Пользователь не найден',
  cancelled: 'Заказ отменён, токены возвращены клиенту',
  notCancellable: 'Заказ уже завершён или отменён: отменить его нельзя',
  /** What the designer or moderator holding the order is told. */
  cancelledByStaff: 'Заказ отменён администратором. Можно взять другой заказ',
  // Filters of the orders table and its export (our wording).
  statusInvalid: 'Неизвестный статус заказа',
  createdAtInvalid:
    'Неверная дата создания: нужны дата и время ISO 8601 с часовым поясом, например 2026-11-25T00:00:00+03:00',
  createdRangeReversed: 'Начало периода создания должно быть раньше его конца',
} as const;

/** The statuses of the orders table (back office section 4), by the names a filter uses: the shared rule's. */
export const ORDER_TABLE_STATUSES = ORDER_STATUS_KINDS;
export type OrderTableStatus = OrderStatusKind;

/** The statuses as the table names them; the export writes the same words. */
export const OrderTableStatusText: Record<OrderTableStatus, string> = {
  lookingForDesigner: 'Поиск дизайнера',
  inProgress: 'В работе',
  beingModerated: 'На модерации',
  completed: 'Выполнен',
  refused: 'Отказ',
  cancelled: 'Отменён',
};

/** Whether a text names a status of the orders table. */
export const isOrderTableStatus = (value: string): value is OrderTableStatus =>
  (ORDER_TABLE_STATUSES as readonly string[]).includes(value);

/** An order's status in the orders table at `now` (ms): the rule the customer's history shows too. */
export function orderTableStatus(order: TimedOrder, now: number): OrderTableStatus {
  return orderStatus(order, now).kind;
}

const limitSchema = (fallback: number) =>
  z.coerce.number().int().min(1).max(MAX_ADMIN_ORDERS_LIMIT).default(fallback);

/**
 * Statuses to keep, as `status=completed,refused` or the key repeated; in the table's order, each once.
 * An empty list keeps every status.
 */
const statusFilterSchema = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(ORDER_TABLE_STATUSES.length * 2)], {
    error: AdminOrdersText.statusInvalid,
  })
  .transform((value) =>
    [value]
      .flat()
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .check((context) => {
    const unknown = context.value.filter((part) => !isOrderTableStatus(part));
    if (unknown.length > 0)
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: `${AdminOrdersText.statusInvalid}: ${unknown.join(', ')}. Допустимые статусы: ${ORDER_TABLE_STATUSES.join(', ')}`,
      });
  })
  .transform((parts) => ORDER_TABLE_STATUSES.filter((status) => parts.includes(status)))
  .optional();

/** An instant with its offset (`Z` or `+03:00`), so that a day means the same to the browser and the server. */
const instantSchema = z
  .string({ error: AdminOrdersText.createdAtInvalid })
  .pipe(z.iso.datetime({ offset: true, error: AdminOrdersText.createdAtInvalid }))
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), AdminOrdersText.createdAtInvalid)
  .optional();

/** The filters of the orders table, which its export shares: client e-mail, statuses, creation time. */
const orderFilterShape = {
  sortByDate: z.enum(['ASC', 'DESC']).default('DESC'),
  /** A client's e-mail; empty means no filter. */
  email: z
    .string()
    .trim()
    .max(254)
    .transform((value) => value.toLowerCase() || undefined)
    .optional(),
  status: statusFilterSchema,
  /** Created at or after this instant. */
  createdFrom: instantSchema,
  /** Created before this instant (the end is left out: the day after the last one picked, at midnight). */
  createdBefore: instantSchema,
};

const createdRangeInOrder = (query: { createdFrom?: Date | undefined; createdBefore?: Date | undefined }) =>
  !query.createdFrom || !query.createdBefore || query.createdFrom < query.createdBefore;
const reversedRange = { message: AdminOrdersText.createdRangeReversed, path: ['createdBefore'] };

/** `GET /api/admin/orders/` query: a page, sorted by date, filtered by e-mail, statuses and creation time. */
export const adminOrdersQuerySchema = z
  .object({
    limit: limitSchema(DEFAULT_ADMIN_PAGE_SIZE),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    ...orderFilterShape,
  })
  .refine(createdRangeInOrder, reversedRange);
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;
export type SortByDate = z.output<typeof adminOrdersQuerySchema>['sortByDate'];

/** `GET /api/admin/orders/export` query: the table's filters and sort, every page. */
export const adminOrdersExportQuerySchema = z
  .object(orderFilterShape)
  .refine(createdRangeInOrder, reversedRange);
export type AdminOrdersFilter = z.output<typeof adminOrdersExportQuerySchema>;

/** `GET /api/admin/orders/user/{clientId}` query. */
export const clientOrdersQuerySchema = z.object({ limit: limitSchema(CLIENT_ORDERS_LIMIT) });

/** One row of the orders table (back office section 2, Orders table). */
export const adminOrderRowSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  client: z.object({
    _id: z.string(),
    email: z.string(),
    name: z.object({ giveName: z.string(), familyName: z.string() }),
  }),
  cost: z.number().int(),
  tip: z.number().int(),
  condition: z.number().int(),
  /** Minutes. */
  executionTime: z.number().int(),
  /** Start of the current attempt. */
  dateStart: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** `GET /api/admin/orders/` answer. */
export const adminOrdersPageSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  total: z.number().int(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

/** `GET /api/admin/orders/user/{clientId}` answer: newest first. */
export const clientOrdersSchema = z.object({ orders: z.array(adminOrderRowSchema) });
export type ClientOrders = z.infer<typeof clientOrdersSchema>;

/** `GET /api/admin/user/info/{clientId}` answer (back office section 3, User). */
export const adminUserInfoSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.object({ giveName: z.string(), familyName: z.string() }),
  balance: z.object({ main: z.number().int(), bonus: z.number().int() }),
  role: z.object({ title: z.string() }),
  createdAt: z.string(),
});
export type AdminUserInfo = z.infer<typeof adminUserInfoSchema>;

/** `POST /api/admin/orders/order/{id}/cancel` answer: the tokens returned to each balance part. */
export const cancelOrderAnswerSchema = z.object({
  message: z.string(),
  condition: z.number().int(),
  refunded: z.object({ main: z.number().int(), bonus: z.number().int() }),
});
export type CancelOrderAnswer = z.infer<typeof cancelOrderAnswerSchema>;

/** `order cancelled` socket event: the order a designer or moderator held was cancelled by staff. */
export const orderCancelledEventSchema = z.object({ orderId: z.string(), message: z.string() });
export type OrderCancelledEvent = z.infer<typeof orderCancelledEventSchema>;

/** `new order` and `change orders` as the staff screens read them: the order whose condition moved. */
export const orderEventSchema = z.object({ orderId: z.string() });
export type OrderEvent = z.infer<typeof orderEventSchema>;
