import { AdminOrdersText } from '@retouch/shared/admin-orders';
import { AuditAction, AuditTarget } from '@retouch/shared/audit';
import { OrderAction, OrderActor } from '@retouch/shared/order-flow';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.repository';
import { refundOrder } from './order-money';
import { closeOpenSteps, lockOrderWithAttempt, type OrderRow } from './order-flow.repository';
import { factsOf, moveOrder, runCommand, type OrderFlowDeps, type Step } from './order-transition';

/**
 * Cancel (unfinished -> 9) by a staff member, inside the caller's transaction: the designer or
 * moderator holding the order is released and told, and the customer gets back exactly what the order
 * took from each part, the refund naming the staff member. One audit entry: the condition before and
 * after, and the refund. Answers whether this cancel refunded.
 */
export async function cancelLockedOrder(step: Step, order: OrderRow, actorId: string): Promise<boolean> {
  const condition = await moveOrder(step, order, {
    action: OrderAction.cancel,
    actor: OrderActor.staff,
    facts: await factsOf(step.tx, order),
    refused: AdminOrdersText.notCancellable,
    set: { executorId: null, reviewerId: null, reviewHoldUntil: null },
  });
  await closeOpenSteps(step.tx, order.id, step.now);
  for (const staffId of [order.executorId, order.reviewerId]) {
    if (staffId) step.events.push({ kind: 'orderCancelled', staffId, orderId: order.id });
  }
  const refunded = await refundOrder(step.tx, order, actorId);
  if (refunded) step.events.push({ kind: 'balanceChanged', userId: order.userId });
  await recordAudit(step.tx, {
    actorId,
    action: AuditAction.cancel,
    target: { type: AuditTarget.order, id: order.id, label: order.id },
    before: { condition: order.condition },
    after: { condition, refunded: refundedParts(order, refunded) },
  });
  return refunded;
}

/** What a cancel gave back from each part: what the order took, or nothing when refunded before. */
export function refundedParts(order: OrderRow, refunded: boolean): { main: number; bonus: number } {
  return refunded ? { main: order.chargedMain, bonus: order.chargedBonus } : { main: 0, bonus: 0 };
}

/** Cancel by staff (`POST /api/admin/orders/order/{id}/cancel`): one transaction with the order locked. */
export async function cancelOrder(
  deps: OrderFlowDeps,
  actorId: string,
  orderId: string,
): Promise<{ order: OrderRow; refunded: boolean }> {
  return runCommand(deps, async (step) => {
    const order = await lockOrderWithAttempt(step.tx, orderId);
    if (!order) throw AppError.notFound(AdminOrdersText.orderNotFound);
    return { order, refunded: await cancelLockedOrder(step, order, actorId) };
  });
}
