import { z } from 'zod';
import { DEFAULT_ADMIN_PAGE_SIZE } from './constants';

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
} as const;

const limitSchema = (fallback: number) =>
  z.coerce.number().int().min(1).max(MAX_ADMIN_ORDERS_LIMIT).default(fallback);

/** `GET /api/admin/orders/` query; an empty `email` means no filter. */
export const adminOrdersQuerySchema = z.object({
  limit: limitSchema(DEFAULT_ADMIN_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sortByDate: z.enum(['ASC', 'DESC']).default('DESC'),
  email: z
    .string()
    .trim()
    .max(254)
    .transform((value) => value.toLowerCase() || undefined)
    .optional(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;
export type SortByDate = z.output<typeof adminOrdersQuerySchema>['sortByDate'];

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
