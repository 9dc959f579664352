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
import type { CardProvider, CryptoProvider, PaymentKey, ProviderEvent } from '../../payments/providers';
import { runDirectly, type RunOnce } from '../idempotency/idempotency.service';
import { findBalance } from '../ledger/ledger.repository';
import { applyLedgerEntry } from '../ledger/ledger.service';
import {
  findLiveProduct,
  findPaymentByClientSecret,
  findProviderPayment,
  findRecentCryptoPayment,
  findUserPaymentRow,
  insertPayment,
  markPendingPaymentSucceeded,
  recordPendingPaymentFailure,
  setPaymentRefs,
  type PaymentRow,
  type ProductRow,
} from './payments.repository';

export interface PaymentsDeps {
  db: Database;
  /** The providers without their browser and webhook parts, which the app and the routes take. */
  providers: {
    card: Omit<CardProvider, 'browserForm' | 'pageSources' | 'webhook'>;
    crypto: Omit<CryptoProvider, 'pageSources' | 'webhook'>;
  };
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

/** The payment an event names; an id of ours that is no UUID names none (and is never queried). */
async function findPaymentOfEvent(deps: PaymentsDeps, provider: string, key: PaymentKey) {
  if ('paymentId' in key && !UUID.test(key.paymentId)) return undefined;
  return findProviderPayment(deps.db, provider, key);
}

/**
 * Acts on a provider's verified webhook event: credits a success that covers the total (once, however
 * often it arrives), records a failure; an event for a payment we do not know is only logged.
 */
export async function handleProviderEvent(deps: PaymentsDeps, provider: string, event: ProviderEvent) {
  if (event.kind === 'ignored') return;
  const payment = await findPaymentOfEvent(deps, provider, event.payment);
  if (!payment) {
    deps.log.warn({ provider, payment: event.payment }, 'payment event for an unknown payment');
    return;
  }
  if (event.kind === 'failed') {
    await recordFailure(deps, payment.id, event.message);
    return;
  }
  if (event.amountCents < payment.totalCents) {
    deps.log.warn({ provider, paymentId: payment.id }, 'payment received less than the total');
    return;
  }
  await creditPayment(deps, payment.id);
}
