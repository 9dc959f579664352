import type { FastifyBaseLogger } from 'fastify';
import {
  PaymentText,
  SandboxCard,
  paymentAmount,
  type PaymentAmount,
  type SandboxConfirmAnswer,
  type SandboxConfirmCard,
  type PaymentIntentAnswer,
} from '@retouch/shared/payments';
import type { Database, Executor } from '../../db/client';
import { LedgerReason, PaymentStatus } from '../../db/values';
import { AppError } from '../../lib/app-error';
import type { PaymentProviders } from '../../payments/providers';
import { runDirectly, type RunOnce } from '../idempotency/idempotency.service';
import { findBalance } from '../ledger/ledger.repository';
import { applyLedgerEntry } from '../ledger/ledger.service';
import {
  findLiveProduct,
  findNowPaymentsPayment,
  findPaymentByClientSecret,
  findRecentCryptoPayment,
  findStripePayment,
  findUserPaymentRow,
  insertPayment,
  markPendingPaymentSucceeded,
  recordPendingPaymentFailure,
  setPaymentRefs,
  type PaymentRow,
  type ProductRow,
} from './payments.repository';
import type { StripeEvent } from './stripe-event';

export interface PaymentsDeps {
  db: Database;
  providers: PaymentProviders;
  taxRate: number;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Tells the customer their new balance (socket event). */
  publishBalance(userId: string, balance: { main: number; bonus: number }): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a crypto invoice page keeps showing the same pending payment. */
const CRYPTO_INVOICE_REUSE_MS = 30 * 60 * 1000;

async function requireProduct(deps: PaymentsDeps, productId: string) {
  const product = await findLiveProduct(deps.db, productId);
  if (!product) throw AppError.notFound(PaymentText.productNotFound);
  return product;
}

export async function quoteProduct(deps: PaymentsDeps, productId: string): Promise<PaymentAmount> {
  const product = await requireProduct(deps, productId);
  return paymentAmount(product.costCents / 100, deps.taxRate);
}

async function insertPendingPayment(
  db: Executor,
  deps: PaymentsDeps,
  userId: string,
  product: ProductRow,
  method: 'card' | 'crypto',
) {
  const { total } = paymentAmount(product.costCents / 100, deps.taxRate);
  const totalCents = Math.round(total * 100);
  const provider = method === 'card' ? deps.providers.card.name : deps.providers.crypto.name;
  return insertPayment(db, {
    userId,
    productId: product.id,
    method,
    provider,
    charge: product.charge,
    bonus: product.bonus,
    costCents: product.costCents,
    taxCents: totalCents - product.costCents,
    totalCents,
    createdAt: deps.now(),
  });
}

/**
 * Starts a card payment for a package; the browser confirms it with the client secret. The payment is
 * written with the provider's answer in one transaction: a failed start leaves no pending payment.
 * `once`: the start of a send with an Idempotency-Key (a repeat gets the first payment's answer).
 */
export async function startCardPayment(
  deps: PaymentsDeps,
  userId: string,
  productId: string,
  once: RunOnce = runDirectly,
): Promise<PaymentIntentAnswer> {
  const product = await requireProduct(deps, productId);
  return deps.db.transaction((tx) =>
    once(tx, async () => {
      const payment = await insertPendingPayment(tx, deps, userId, product, 'card');
      const started = await deps.providers.card.startCardPayment(payment);
      await setPaymentRefs(tx, payment.id, {
        providerRef: started.providerRef,
        clientSecret: started.clientSecret,
      });
      return { client_secret: started.clientSecret };
    }),
  );
}

/**
 * Marks the payment succeeded and credits its tokens, exactly once: the status change and the ledger
 * row (keyed by the payment) are one transaction, and only a pending payment can change.
 */
export async function creditPayment(deps: PaymentsDeps, paymentId: string): Promise<boolean> {
  const credited = await deps.db.transaction(async (tx) => {
    const payment = await markPendingPaymentSucceeded(tx, paymentId, deps.now());
    if (!payment) return undefined;
    await applyLedgerEntry(tx, {
      userId: payment.userId,
      deltaMain: payment.charge,
      deltaBonus: payment.bonus,
      reason: LedgerReason.payment,
      paymentId: payment.id,
      idempotencyKey: `payment:${payment.id}`,
    });
    return { userId: payment.userId, balance: (await findBalance(tx, payment.userId))! };
  });
  if (!credited) return false;
  deps.publishBalance(credited.userId, credited.balance);
  return true;
}

async function recordFailure(deps: PaymentsDeps, paymentId: string, message: string) {
  await recordPendingPaymentFailure(deps.db, paymentId, message);
}

/** The sandbox's card check, as a processor's test mode answers the documented test cards. */
export async function confirmSandboxCard(
  deps: PaymentsDeps,
  userId: string,
  { client_secret: clientSecret, card }: SandboxConfirmCard,
): Promise<SandboxConfirmAnswer> {
  if (deps.providers.card.name !== 'sandbox') throw AppError.notFound(PaymentText.providerUnavailable);
  const payment = await findPaymentByClientSecret(deps.db, userId, clientSecret);
  if (!payment) throw AppError.notFound(PaymentText.paymentNotFound);
  if (payment.status !== PaymentStatus.pending) throw AppError.conflict(PaymentText.alreadyProcessed);

  const now = deps.now();
  const expired =
    card.expYear < now.getUTCFullYear() ||
    (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  const refusal =
    card.number === SandboxCard.declined
      ? PaymentText.cardDeclined
      : card.number === SandboxCard.insufficientFunds
        ? PaymentText.insufficientFunds
        : expired
          ? PaymentText.cardExpired
          : card.number !== SandboxCard.succeeds
            ? PaymentText.cardInvalid
            : undefined;
  if (refusal) {
    await recordFailure(deps, payment.id, refusal);
    throw new AppError(402, refusal);
  }
  await creditPayment(deps, payment.id);
  return { status: PaymentStatus.succeeded, balance: (await findBalance(deps.db, userId))! };
}

/** The pending crypto payment the invoice page shows: reused for a while, so reloading does not pile up. */
export async function openCryptoInvoice(deps: PaymentsDeps, userId: string, productId: string) {
  const since = new Date(deps.now().getTime() - CRYPTO_INVOICE_REUSE_MS);
  const recent = await findRecentCryptoPayment(deps.db, userId, productId, since);
  if (recent?.providerRef) return { payment: recent, invoiceUrl: undefined };
  const payment =
    recent ??
    (await insertPendingPayment(deps.db, deps, userId, await requireProduct(deps, productId), 'crypto'));
  const invoice = await deps.providers.crypto.createInvoice(payment);
  await setPaymentRefs(deps.db, payment.id, { providerRef: invoice.providerRef });
  return { payment: { ...payment, providerRef: invoice.providerRef }, invoiceUrl: invoice.invoiceUrl };
}

export async function findUserPayment(
  deps: PaymentsDeps,
  userId: string,
  paymentId: string,
): Promise<PaymentRow> {
  const payment = await findUserPaymentRow(deps.db, userId, paymentId);
  if (!payment) throw AppError.notFound(PaymentText.paymentNotFound);
  return payment;
}

/** Credits a Stripe PaymentIntent that succeeded; other events are acknowledged and ignored. */
export async function handleStripeEvent(deps: PaymentsDeps, event: StripeEvent) {
  if (event.type === 'ignored') return;
  const { intent } = event;
  const payment = await findStripePayment(deps.db, intent.id);
  if (!payment) {
    deps.log.warn({ intent: intent.id }, 'stripe event for an unknown payment');
    return;
  }
  if (event.type === 'payment_intent.payment_failed') {
    await recordFailure(
      deps,
      payment.id,
      intent.last_payment_error?.message ?? PaymentText.somethingWentWrong,
    );
    return;
  }
  if ((intent.amount_received ?? 0) < payment.totalCents) {
    deps.log.warn({ intent: intent.id }, 'stripe payment received less than the total');
    return;
  }
  await creditPayment(deps, payment.id);
}

/** Credits a NOWPayments invoice once its payment is `finished` for at least the total. */
export async function handleNowPaymentsCallback(deps: PaymentsDeps, body: Record<string, unknown>) {
  const paymentId = String(body.order_id ?? '');
  const payment = UUID.test(paymentId) ? await findNowPaymentsPayment(deps.db, paymentId) : undefined;
  if (!payment) {
    deps.log.warn({ orderId: paymentId }, 'crypto callback for an unknown payment');
    return;
  }
  if (body.payment_status === 'failed' || body.payment_status === 'expired') {
    await recordFailure(deps, payment.id, `Crypto payment ${String(body.payment_status)}`);
    return;
  }
  if (body.payment_status !== 'finished') return;
  if (Math.round(Number(body.price_amount) * 100) < payment.totalCents) return;
  await creditPayment(deps, payment.id);
}
