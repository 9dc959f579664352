import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Config } from '../config';

interface PaymentToStart {
  id: string;
  userId: string;
  productId: string;
  totalCents: number;
}

/** The provider side of a card payment: its id there, and the secret the browser confirms with. */
interface StartedCardPayment {
  providerRef: string;
  clientSecret: string;
}

/**
 * The origins a provider's part of the page loads from in the browser: the Content-Security-Policy
 * allows them, and only those of the providers configured (issue 35: Stripe.js was refused by our own
 * `script-src 'self'`).
 */
export interface PageSources {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
  img: readonly string[];
}

const NO_SOURCES: PageSources = { script: [], frame: [], connect: [], img: [] };

/** Stripe.js and its card element (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_SOURCES: PageSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** NOWPayments' hosted invoice, shown in a frame. */
const NOWPAYMENTS_SOURCES: PageSources = { ...NO_SOURCES, frame: ['https://nowpayments.io'] };

/** What the configured card and crypto providers need from the page, together. */
export function pageSourcesOf(config: Pick<Config, 'PAYMENT_PROVIDER' | 'CRYPTO_PROVIDER'>): PageSources {
  const parts = [
    config.PAYMENT_PROVIDER === 'stripe' ? STRIPE_SOURCES : NO_SOURCES,
    config.CRYPTO_PROVIDER === 'nowpayments' ? NOWPAYMENTS_SOURCES : NO_SOURCES,
  ];
  const joined = (key: keyof PageSources) => [...new Set(parts.flatMap((part) => part[key]))];
  return { script: joined('script'), frame: joined('frame'), connect: joined('connect'), img: joined('img') };
}

interface CardProvider {
  name: 'sandbox' | 'stripe';
  /** The key the browser uses (Stripe's publishable key; a fixed label for the sandbox). */
  publicKey: string;
  startCardPayment(payment: PaymentToStart): Promise<StartedCardPayment>;
}

interface CryptoProvider {
  name: 'sandbox' | 'nowpayments';
  /** The invoice: its id there, and the hosted page to show (none: we render the sandbox invoice). */
  createInvoice(payment: PaymentToStart): Promise<{ providerRef: string; invoiceUrl?: string }>;
}

/** Offline card processor with a test mode's behaviour; the confirm step lives in the payments service. */
const sandboxCardProvider: CardProvider = {
  name: 'sandbox',
  publicKey: 'sandbox',
  async startCardPayment(payment) {
    return {
      providerRef: `sbx_${payment.id}`,
      clientSecret: `sbx_${payment.id}_secret_${randomBytes(12).toString('hex')}`,
    };
  },
};

const sandboxCryptoProvider: CryptoProvider = {
  name: 'sandbox',
  async createInvoice(payment) {
    return { providerRef: `sbx_inv_${payment.id}` };
  },
};

/** Stripe PaymentIntents; the package and our payment id ride in the metadata. */
function createStripeProvider(stripe: Stripe, publishableKey: string): CardProvider {
  return {
    name: 'stripe',
    publicKey: publishableKey,
    async startCardPayment(payment) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: payment.totalCents,
          currency: 'usd',
          metadata: { paymentId: payment.id, productId: payment.productId, userId: payment.userId },
        },
        { idempotencyKey: `payment-${payment.id}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return { providerRef: intent.id, clientSecret: intent.client_secret };
    },
  };
}

/** NOWPayments hosted invoices (https://documenter.getpostman.com/view/7907941/2s93JusNJt). */
function createNowPaymentsProvider(config: Config): CryptoProvider {
  return {
    name: 'nowpayments',
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

export interface PaymentProviders {
  card: CardProvider;
  crypto: CryptoProvider;
  /** Present when the card provider is Stripe: verifies its webhooks. */
  stripe?: { client: Stripe; webhookSecret: string };
  nowPaymentsIpnSecret?: string;
}

/** Longest wait for one Stripe call. */
const STRIPE_TIMEOUT_MS = 10_000;

/** The providers the configuration chooses; Stripe's SDK (about 20 MB of memory) is loaded only for Stripe. */
export async function createPaymentProviders(config: Config): Promise<PaymentProviders> {
  // A payment's start runs inside its database transaction (with its Idempotency-Key): a stalled
  // Stripe must not hold the connection for the SDK's default 80 s.
  const stripe =
    config.PAYMENT_PROVIDER === 'stripe'
      ? new (await import('stripe')).default(config.STRIPE_SECRET_KEY ?? '', {
          timeout: STRIPE_TIMEOUT_MS,
          maxNetworkRetries: 1,
        })
      : undefined;
  return {
    card: stripe ? createStripeProvider(stripe, config.STRIPE_PUBLISHABLE_KEY ?? '') : sandboxCardProvider,
    crypto:
      config.CRYPTO_PROVIDER === 'nowpayments' ? createNowPaymentsProvider(config) : sandboxCryptoProvider,
    stripe: stripe ? { client: stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '' } : undefined,
    nowPaymentsIpnSecret: config.NOWPAYMENTS_IPN_SECRET,
  };
}
