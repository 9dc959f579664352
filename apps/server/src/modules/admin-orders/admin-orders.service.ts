import { eq } from 'drizzle-orm';
import {
  AdminOrdersText,
  adminOrdersQuerySchema,
  clientOrdersQuerySchema,
  isCancellable,
  type AdminOrdersPage,
  type AdminUserInfo,
  type CancelOrderAnswer,
  type ClientOrders,
} from '@retouch/shared/admin-orders';
import type { StaffOrder } from '@retouch/shared/dispatch';
import { OrderCondition } from '@retouch/shared/orders';
import type { Database } from '../../db/client';
import { LedgerReason, orders, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { applyLedgerEntry } from '../ledger/ledger.service';
import { findStaffOrder } from '../orders/order-staff-view';
import { findUserById } from '../users/users.repository';
import {
  closeOpenSteps,
  findClientOrders,
  findOrdersPage,
  lockOrderForCancel,
} from './admin-orders.repository';

/** How a cancellation is told; the routes wire it to socket.io. */
export interface AdminOrdersEvents {
  /** `change orders` to the customer. */
  orderChanged(customerId: string, orderId: string, condition: number): void;
  /** `balance` to the customer. */
  balanceChanged(customerId: string, balance: { main: number; bonus: number }): void;
  /** `order cancelled` to the designer or moderator who held the order. */
  orderCancelled(staffId: string, orderId: string): void;
  /** The order left a designers' or moderators' queue: their sizes changed. */
  queuesChanged(): void;
}

export interface AdminOrdersDeps {
  db: Database;
  now: () => Date;
  events: AdminOrdersEvents;
}

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
 * Cancel by staff (condition 9): in one transaction with the order locked, the customer gets back
 * exactly what the order took from each balance part, and the designer or moderator holding it is
 * released. A finished order (6, 8, 9, 10), including one just cancelled, is refused with 409.
 */
export async function cancelOrder(deps: AdminOrdersDeps, orderId: string): Promise<CancelOrderAnswer> {
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrderForCancel(tx, orderId);
    if (!order) throw AppError.notFound(AdminOrdersText.orderNotFound);
    if (!isCancellable(order.condition)) throw AppError.conflict(AdminOrdersText.notCancellable);
    await closeOpenSteps(tx, order.id, deps.now());
    await tx
      .update(orders)
      .set({ condition: OrderCondition.cancelled, executorId: null, reviewerId: null, reviewHoldUntil: null })
      .where(eq(orders.id, order.id));
    const refunded = await applyLedgerEntry(tx, {
      userId: order.userId,
      deltaMain: order.chargedMain,
      deltaBonus: order.chargedBonus,
      reason: LedgerReason.orderRefund,
      orderId: order.id,
      idempotencyKey: `order-refund:${order.id}`,
    });
    const [balance] = await tx
      .select({ main: users.balanceMain, bonus: users.balanceBonus })
      .from(users)
      .where(eq(users.id, order.userId));
    return {
      order,
      balance: balance ?? { main: 0, bonus: 0 },
      refunded: refunded ? { main: order.chargedMain, bonus: order.chargedBonus } : { main: 0, bonus: 0 },
    };
  });

  const { order } = outcome;
  deps.events.orderChanged(order.userId, order.id, OrderCondition.cancelled);
  deps.events.balanceChanged(order.userId, outcome.balance);
  for (const staffId of [order.executorId, order.reviewerId]) {
    if (staffId) deps.events.orderCancelled(staffId, order.id);
  }
  deps.events.queuesChanged();
  return {
    message: AdminOrdersText.cancelled,
    condition: OrderCondition.cancelled,
    refunded: outcome.refunded,
  };
}
