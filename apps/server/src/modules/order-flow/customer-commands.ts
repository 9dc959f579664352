import { OrderAction, OrderActor, nextCondition } from '@retouch/shared/order-flow';
import { LedgerReason } from '../../db/values';
import { AppError } from '../../lib/app-error';
import { runDirectly, type RunOnce } from '../idempotency/idempotency.service';
import { applyLedgerEntry } from '../ledger/ledger.service';
import { chargeCustomer } from './order-money';
import {
  chargeKey,
  insertOrder,
  insertRevisionRequest,
  lockOrder,
  tipKey,
  tipReceivedKey,
  type NewOrderRow,
} from './order-flow.repository';
import { OrderFlowText, RevisionText, TipText } from './order-flow.texts';
import { returnToDesigner } from './review-commands';
import { factsOf, moveOrder, runCommand, type OrderFlowDeps, type Step } from './order-transition';

type NewOrder = Omit<NewOrderRow, 'condition' | 'chargedMain' | 'chargedBonus' | 'id' | 'userId'> & {
  id: string;
  userId: string;
};

/**
 * Send (-> 0): inside the caller's transaction (its pictures are stored first), the customer is charged
 * the order's cost, bonus first, and the order is written waiting for a designer.
 */
export async function sendOrder(
  step: Step,
  order: NewOrder,
  affordability: { canAfford(balance: { main: number; bonus: number }): boolean; insufficient: string },
): Promise<void> {
  const to = nextCondition(null, OrderAction.send, OrderActor.customer, { delivered: false, tipped: false });
  if (to === undefined) throw new Error('the transition table has no send');
  const { fromMain, fromBonus } = await chargeCustomer(step.tx, {
    userId: order.userId,
    amount: order.cost,
    reason: LedgerReason.orderCharge,
    orderId: order.id,
    idempotencyKey: chargeKey(order.id),
    ...affordability,
  });
  await insertOrder(step.tx, { ...order, condition: to, chargedMain: fromMain, chargedBonus: fromBonus });
  step.events.push({ kind: 'conditionChanged', orderId: order.id, customerId: order.userId, from: null, to });
}

async function customersOrder(step: Step, customerId: string, orderId: string) {
  const order = await lockOrder(step.tx, orderId);
  if (!order || order.userId !== customerId) throw AppError.notFound(OrderFlowText.orderNotFound);
  return order;
}

/**
 * Tip (6 -> 10), once per order: the customer is charged (bonus first) and the designer of the delivered
 * result credited, in one transaction. A second tip, also after a revision, answers 409 and takes nothing.
 * `once`: the tip of a send with an Idempotency-Key (a repeat gets the first's answer).
 */
export async function tipOrder(
  deps: OrderFlowDeps,
  customerId: string,
  orderId: string,
  amount: number,
  once: RunOnce = runDirectly,
): Promise<{ message: string }> {
  return runCommand(deps, (step) =>
    once(step.tx, async () => {
      await chargeTip(step, customerId, orderId, amount);
      return { message: TipText.thanks };
    }),
  );
}

async function chargeTip(step: Step, customerId: string, orderId: string, amount: number): Promise<void> {
  const order = await customersOrder(step, customerId, orderId);
  const facts = await factsOf(step.tx, order);
  if (facts.tipped) throw AppError.conflict(TipText.alreadyTipped);
  await moveOrder(step, order, {
    action: OrderAction.tip,
    actor: OrderActor.customer,
    facts,
    refused: TipText.notAllowed,
    set: { tip: amount, tippedAt: step.now },
  });
  await chargeCustomer(step.tx, {
    userId: customerId,
    amount,
    reason: LedgerReason.tip,
    orderId,
    idempotencyKey: tipKey(orderId),
    canAfford: (balance) => balance.main + balance.bonus >= amount,
    insufficient: TipText.insufficientFunds,
  });
  step.events.push({ kind: 'balanceChanged', userId: customerId });
  if (!order.tipExecutorId) return;
  await applyLedgerEntry(step.tx, {
    userId: order.tipExecutorId,
    deltaMain: amount,
    deltaBonus: 0,
    reason: LedgerReason.tipReceived,
    orderId,
    idempotencyKey: tipReceivedKey(orderId),
  });
  step.events.push({ kind: 'balanceChanged', userId: order.tipExecutorId });
}

/**
 * Ask a revision (6/10 -> 5 or 7): the customer's message is recorded as a processing entry and the
 * order goes back to the designer of the delivered result when on duty and free, else to the queue.
 * `once`: the request of a send with an Idempotency-Key (a repeat gets the first's answer).
 */
export async function askRevision(
  deps: OrderFlowDeps,
  customerId: string,
  orderId: string,
  message: string,
  once: RunOnce = runDirectly,
): Promise<{ message: string }> {
  return runCommand(deps, (step) =>
    once(step.tx, async () => {
      await recordRevision(step, customerId, orderId, message);
      return { message: RevisionText.sent };
    }),
  );
}

async function recordRevision(
  step: Step,
  customerId: string,
  orderId: string,
  message: string,
): Promise<void> {
  const order = await customersOrder(step, customerId, orderId);
  // Nothing left to rework: the retention job deleted the pictures.
  if (order.picturesExpiredAt) throw AppError.conflict(RevisionText.picturesExpired);
  await insertRevisionRequest(step.tx, { orderId, clientMessage: message, createdAt: step.now });
  await returnToDesigner(step, order, order.tipExecutorId, {
    action: OrderAction.askRevision,
    actor: OrderActor.customer,
    refused: RevisionText.notAllowed,
  });
}
