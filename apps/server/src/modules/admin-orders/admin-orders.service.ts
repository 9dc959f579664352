import {
  AdminOrdersText,
  OrderTableStatusText,
  orderTableStatus,
  type AdminOrdersFilter,
  type adminOrdersQuerySchema,
  type clientOrdersQuerySchema,
  type AdminOrderRow,
  type AdminOrdersPage,
  type AdminUserInfo,
  type CancelOrderAnswer,
  type ClientOrders,
} from '@retouch/shared/admin-orders';
import type { StaffOrder } from '@retouch/shared/dispatch';
import type { z } from 'zod';
import { OrderCondition } from '@retouch/shared/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { csvStream, isoDateTime, isoDay, keysetPages, type CsvColumn } from '../../lib/csv-export';
import type { OrderFlowDeps } from '../order-flow/order-transition';
import { cancelOrder as cancelByStaff, refundedParts } from '../order-flow/staff-commands';
import { findStaffOrder } from '../orders/order-staff-view';
import { findUserById } from '../users/users.repository';
import {
  EXPORT_PAGE_SIZE,
  findClientOrders,
  findOrdersAfter,
  findOrdersPage,
  type OrdersCursor,
} from './admin-orders.repository';

/** `GET /api/admin/orders/`: a page of the orders the filters keep, sorted by date on the server. */
export async function listOrders(
  db: Database,
  query: z.output<typeof adminOrdersQuerySchema>,
  now: Date,
): Promise<AdminOrdersPage> {
  return findOrdersPage(db, { ...query, now });
}

/** Header texts of the orders export: the table's columns, the date in UTC, the amounts in tokens. */
export const OrdersCsvHeader = {
  id: 'ID',
  createdAt: 'Дата (UTC)',
  email: 'E-mail клиента',
  name: 'Имя клиента',
  cost: 'Стоимость (токены)',
  tip: 'Чаевые (токены)',
  status: 'Статус',
} as const;

/** The tip as the table tells it: the value once given (10), none at 6, nothing yet otherwise. */
const tipCell = (row: AdminOrderRow) =>
  row.condition === OrderCondition.doneTipped ? row.tip : row.condition === OrderCondition.done ? 0 : null;

const ordersCsvColumns = (now: Date): CsvColumn<AdminOrderRow>[] => [
  { header: OrdersCsvHeader.id, cell: (row) => row._id },
  { header: OrdersCsvHeader.createdAt, cell: (row) => isoDateTime(new Date(row.createdAt)) },
  { header: OrdersCsvHeader.email, cell: (row) => row.client.email },
  {
    header: OrdersCsvHeader.name,
    cell: (row) => `${row.client.name.giveName} ${row.client.name.familyName}`,
  },
  { header: OrdersCsvHeader.cost, cell: (row) => row.cost },
  { header: OrdersCsvHeader.tip, cell: tipCell },
  {
    header: OrdersCsvHeader.status,
    cell: (row) => OrderTableStatusText[orderTableStatus(row, now.getTime())],
  },
];

/**
 * `GET /api/admin/orders/export`: every order the table's filters keep, in its order, as CSV read a page
 * at a time. The query is checked before anything is sent, so a bad filter is a 400, not a broken file.
 */
export function exportOrders(db: Database, query: AdminOrdersFilter, now: Date) {
  const filter = { ...query, now };
  const rows = keysetPages((after?: OrdersCursor) => findOrdersAfter(db, filter, after), EXPORT_PAGE_SIZE);
  return { filename: `orders-${isoDay(now)}.csv`, stream: csvStream(rows, ordersCsvColumns(now)) };
}

/** `GET /api/admin/orders/user/{clientId}`: the client's newest orders. */
export async function listClientOrders(
  db: Database,
  clientId: string,
  { limit }: z.output<typeof clientOrdersQuerySchema>,
): Promise<ClientOrders> {
  return { orders: await findClientOrders(db, clientId, limit) };
}

/** `GET /api/admin/orders/order/{id}`: the whole order as staff see it. */
export async function getStaffOrder(db: Database, orderId: string): Promise<StaffOrder> {
  const order = await findStaffOrder(db, orderId);
  if (!order) throw AppError.notFound(AdminOrdersText.orderNotFound);
  return order;
}

/** `GET /api/admin/user/info/{clientId}`: the client with balance and role. */
export async function getClientInfo(db: Database, clientId: string): Promise<AdminUserInfo> {
  const user = await findUserById(db, clientId);
  if (!user) throw AppError.notFound(AdminOrdersText.userNotFound);
  return {
    _id: user.id,
    email: user.email,
    name: { giveName: user.giveName, familyName: user.familyName },
    balance: { main: user.balanceMain, bonus: user.balanceBonus },
    role: { title: user.roleTitle },
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Cancel by staff (condition 9): the lifecycle's cancel command, one transaction with the order locked;
 * the customer gets back exactly what the order took from each part, and whoever held it is released.
 * The refund and the audit entry name the staff member. A finished order (6, 8, 9, 10), including one
 * just cancelled, is refused with 409.
 */
export async function cancelOrder(
  deps: OrderFlowDeps,
  actorId: string,
  orderId: string,
): Promise<CancelOrderAnswer> {
  const { order, refunded } = await cancelByStaff(deps, actorId, orderId);
  return {
    message: AdminOrdersText.cancelled,
    condition: OrderCondition.cancelled,
    refunded: refundedParts(order, refunded),
  };
}
