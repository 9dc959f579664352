import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../config';
import { parseJsonText } from '../lib/json-limits';
import type { CryptoProvider, PageSources, ProviderEvent, ProviderWebhook } from './providers';

/** NOWPayments' hosted invoice, shown in a frame. */
const NOWPAYMENTS_PAGE_SOURCES: PageSources = {
  script: [],
  frame: ['https://nowpayments.io'],
  connect: [],
  img: [],
};

/** NOWPayments signs an IPN as HMAC-SHA512 of the JSON body with its keys sorted, keyed by the IPN secret. */
export function signNowPaymentsBody(body: Record<string, unknown>, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');
}

/** Checks the `x-nowpayments-sig` header in constant time. */
function verifyNowPaymentsSignature(body: unknown, signature: string | undefined, secret: string): boolean {
  if (!signature || typeof body !== 'object' || body === null) return false;
  const expected = Buffer.from(signNowPaymentsBody(body as Record<string, unknown>, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** A price as NOWPayments writes it, a number or a numeric string; anything else credits nothing. */
const priceSchema = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

/**
 * Only `finished` credits, and only when its price reads as a number; `failed` and `expired` are
 * recorded; the steps before (`waiting`, `confirming`, ...) are acknowledged. The payment is named by
 * our id, the invoice's `order_id`: one that names none of ours is only logged.
 */
function readNowPaymentsIpn(body: unknown): ProviderEvent | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const ipn = body as { payment_status?: unknown; order_id?: unknown; price_amount?: unknown };
  const payment = { paymentId: String(ipn.order_id ?? '') };
  if (ipn.payment_status === 'failed' || ipn.payment_status === 'expired') {
    return { kind: 'failed', payment, message: `Crypto payment ${ipn.payment_status}` };
  }
  if (ipn.payment_status !== 'finished') return { kind: 'ignored' };
  const price = priceSchema.safeParse(ipn.price_amount);
  if (!price.success) return undefined;
  return { kind: 'succeeded', payment, amountCents: Math.round(price.data * 100) };
}

function nowPaymentsWebhook(ipnSecret: string): ProviderWebhook {
  return {
    verify(rawBody, headers) {
      let body: unknown;
      try {
        // Depth-checked: the signature check walks the whole body before it can refuse it.
        body = parseJsonText(rawBody.toString('utf8'));
      } catch {
        return undefined;
      }
      const signature = headers['x-nowpayments-sig'];
      const signed = verifyNowPaymentsSignature(
        body,
        typeof signature === 'string' ? signature : undefined,
        ipnSecret,
      );
      return signed ? body : undefined;
    },
    read: readNowPaymentsIpn,
  };
}

/** NOWPayments hosted invoices (https://documenter.getpostman.com/view/7907941/2s93JusNJt). */
export function createNowPaymentsProvider(config: Config): CryptoProvider {
  return {
    name: 'nowpayments',
    pageSources: NOWPAYMENTS_PAGE_SOURCES,
    webhook: nowPaymentsWebhook(config.NOWPAYMENTS_IPN_SECRET ?? ''),
    async createInvoice(payment) {
      const response = await fetch(`${config.NOWPAYMENTS_API_URL}/invoice`, {
        method: 'POST',
        headers: { 'x-api-key': config.NOWPAYMENTS_API_KEY ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({
          price_amount: payment.totalCents / 100,
          price_currency: 'usd',
          order_id: payment.id,
          order_description: `Retouch tokens ${payment.productId}`,
          ipn_callback_url: `${config.PUBLIC_URL}/api/payment/crypto/callback`,
        }),
      });
      if (!response.ok) throw new Error(`NOWPayments answered ${response.status}`);
      const invoice = (await response.json()) as { id: string | number; invoice_url: string };
      return { providerRef: String(invoice.id), invoiceUrl: invoice.invoice_url };
    },
  };
}
