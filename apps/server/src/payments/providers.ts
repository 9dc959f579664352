import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentConfig } from '@retouch/shared/payments';
import type { Config } from '../config';
import { createNowPaymentsProvider } from './nowpayments';
import { sandboxCardProvider, sandboxCryptoProvider } from './sandbox';
import { createStripeProvider } from './stripe';

/** The payment a provider is asked to start: our id rides along so its events can name it. */
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

/** How an event names its payment: by the provider's id of it, or by ours, which it was given at the start. */
export type PaymentKey = { providerRef: string } | { paymentId: string };

/** A provider's webhook event in our terms. */
export type ProviderEvent =
  | { kind: 'succeeded'; payment: PaymentKey; amountCents: number }
  | { kind: 'failed'; payment: PaymentKey; message: string }
  | { kind: 'ignored' };

/** The provider's half of its webhook; the route answers, and the payments service credits. */
export interface ProviderWebhook {
  /** The payload when the signature over the exact bytes received holds; `undefined` otherwise. */
  verify(rawBody: Buffer, headers: IncomingHttpHeaders): unknown;
  /** A signed payload in our terms; `undefined` when it does not read as the provider documents it. */
  read(payload: unknown): ProviderEvent | undefined;
}

/** What every provider brings: the name its payments are stored under, its page origins, its webhook. */
export interface PaymentProvider {
  name: string;
  pageSources: PageSources;
  /** None: its payments complete through our own routes (the sandbox). */
  webhook?: ProviderWebhook;
}

export interface CardProvider extends PaymentProvider {
  /** The key the browser uses (Stripe's publishable key; a fixed label for the sandbox). */
  publicKey: string;
  /** The card form the web app mounts for this provider. */
  browserForm: PaymentConfig['provider'];
  startCardPayment(payment: PaymentToStart): Promise<StartedCardPayment>;
}

export interface CryptoProvider extends PaymentProvider {
  /** The invoice: its id there, and the hosted page to show (none: we render the sandbox invoice). */
  createInvoice(payment: PaymentToStart): Promise<{ providerRef: string; invoiceUrl?: string }>;
}

export interface PaymentProviders {
  card: CardProvider;
  crypto: CryptoProvider;
}

/** Every provider the configuration can name: a new one is its own file and one line here. */
const CARD_PROVIDERS: Record<Config['PAYMENT_PROVIDER'], (config: Config) => Promise<CardProvider>> = {
  sandbox: async () => sandboxCardProvider,
  stripe: createStripeProvider,
};

const CRYPTO_PROVIDERS: Record<Config['CRYPTO_PROVIDER'], (config: Config) => CryptoProvider> = {
  sandbox: () => sandboxCryptoProvider,
  nowpayments: createNowPaymentsProvider,
};

/** The providers the configuration chooses. */
export async function createPaymentProviders(config: Config): Promise<PaymentProviders> {
  return {
    card: await CARD_PROVIDERS[config.PAYMENT_PROVIDER](config),
    crypto: CRYPTO_PROVIDERS[config.CRYPTO_PROVIDER](config),
  };
}

/** What the configured card and crypto providers need from the page, together. */
export function pageSourcesOf(providers: PaymentProviders): PageSources {
  const parts = [providers.card.pageSources, providers.crypto.pageSources];
  const joined = (key: keyof PageSources) => [...new Set(parts.flatMap((part) => part[key]))];
  return { script: joined('script'), frame: joined('frame'), connect: joined('connect'), img: joined('img') };
}
