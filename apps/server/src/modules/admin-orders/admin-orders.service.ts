import {
  AdminOrdersText,
  adminOrdersQuerySchema,
  clientOrdersQuerySchema,
  type AdminOrdersPage,
  type AdminUserInfo,
  type CancelOrderAnswer,
  type ClientOrders,
} from '@retouch/shared/admin-orders';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import type { OrderFlowDeps } from '../order-flow/order-transition';
import { cancelOrder as cancelByStaff } from '../order-flow/staff-commands';
import { findStaffOrder } from '../orders/order-staff-view';
import { findUserById } from '../users/users.repository';
import { findClientOrders, findOrdersPage } from './admin-orders.repository';

/** `GET /api/admin/orders/`: a page of every order, sorted by date on the server. */
export async function listOrders(db: Database, rawQuery: unknown): Promise<AdminOrdersPage> {
  return findOrdersPage(db, parseInput(adminOrdersQuerySchema, rawQuery));
}

/** `GET /api/admin/orders/user/{clientId}`: the client's newest orders. */
export async function listClientOrders(
  db: Database,
  clientId: string,
  rawQuery: unknown,
): Promise<ClientOrders> {
  const { limit } = parseInput(clientOrdersQuerySchema, rawQuery);
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
 * A finished order (6, 8, 9, 10), including one just cancelled, is refused with 409.
 */
export async function cancelOrder(deps: OrderFlowDeps, orderId: string): Promise<CancelOrderAnswer> {
  const { order, refunded } = await cancelByStaff(deps, orderId);
  return {
    message: AdminOrdersText.cancelled,
    condition: OrderCondition.cancelled,
    refunded: refunded ? { main: order.chargedMain, bonus: order.chargedBonus } : { main: 0, bonus: 0 },
  };
}
